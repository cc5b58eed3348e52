import { Typography, type SxProps, type Theme } from '@mui/material';
import { useCreateContext, useEditContext, useShowContext, useTranslate } from 'react-admin';

/**
 * A page's own level-one heading, as ListHeading gives a list: the title react-admin puts in the app bar is
 * not a heading, and a screen reader's "next heading" or an outline should start at the page's name.
 * `title` is an i18n key (or text already translated).
 */
export const PageHeading = ({ title, sx = { px: 2, pt: 1.5 } }: { title?: string; sx?: SxProps<Theme> }) => {
    const translate = useTranslate();
    if (!title) return null;
    return (
        <Typography variant="h5" component="h1" sx={sx}>
            {translate(title, { _: title })}
        </Typography>
    );
};

/** 'Edit Category Fruits', as react-admin titles the edit page. */
export const EditHeading = () => <PageHeading title={useEditContext().defaultTitle} />;

/** 'Create Category', as react-admin titles the create page. */
export const CreateHeading = () => <PageHeading title={useCreateContext().defaultTitle} />;

/** The record's name, as react-admin titles the show page. */
export const ShowHeading = () => <PageHeading title={useShowContext().defaultTitle} />;
