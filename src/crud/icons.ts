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
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import ViewListIcon from '@mui/icons-material/ViewList';

/** The icons a schema may name (`icon: 'Category'`); a schema imports no React, so the app maps names here. */
const icons: Record<string, ComponentType> = {
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
    ViewCarousel: ViewCarouselIcon,
};

export const iconOf = (name?: string): ComponentType => (name && icons[name]) || ViewListIcon;
