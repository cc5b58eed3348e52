import type { ComponentType } from 'react';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import CategoryIcon from '@mui/icons-material/Category';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LabelIcon from '@mui/icons-material/Label';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PercentIcon from '@mui/icons-material/Percent';
import ViewListIcon from '@mui/icons-material/ViewList';

/** The icons a schema may name (`icon: 'Category'`); a schema imports no React, so the app maps names here. */
const icons: Record<string, ComponentType> = {
    AccountTree: AccountTreeIcon,
    Category: CategoryIcon,
    Inventory2: Inventory2Icon,
    Label: LabelIcon,
    LocalShipping: LocalShippingIcon,
    Percent: PercentIcon,
};

export const iconOf = (name?: string): ComponentType => (name && icons[name]) || ViewListIcon;
