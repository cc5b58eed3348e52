import type { ComponentType } from 'react';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArticleIcon from '@mui/icons-material/Article';
import CategoryIcon from '@mui/icons-material/Category';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LabelIcon from '@mui/icons-material/Label';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PercentIcon from '@mui/icons-material/Percent';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import ViewListIcon from '@mui/icons-material/ViewList';

import type { IconName } from '../../schema/types';

/**
 * The picture of every icon a schema may name (`icon: 'Category'`, one of schema/types.ts ICON_NAMES): a schema
 * imports no React, so the app maps names here. `satisfies` holds the two lists equal: a name without a picture,
 * or a picture without a name, fails the type check.
 */
const icons = {
    AccountTree: AccountTreeIcon,
    Article: ArticleIcon,
    Category: CategoryIcon,
    Description: DescriptionIcon,
    Folder: FolderIcon,
    History: HistoryIcon,
    Inventory2: Inventory2Icon,
    Label: LabelIcon,
    LocalOffer: LocalOfferIcon,
    LocalShipping: LocalShippingIcon,
    Percent: PercentIcon,
    Settings: SettingsIcon,
    Storefront: StorefrontIcon,
    ViewCarousel: ViewCarouselIcon,
    ViewList: ViewListIcon,
} satisfies Record<IconName, ComponentType>;

/** The schema's icon; a list icon for a schema that names none. */
export const iconOf = (name: IconName = 'ViewList'): ComponentType => icons[name];
