import type { Components, Theme } from '@mui/material';

/**
 * react-admin notifies a save as 'info' (grey) and our one-click actions as 'success' (green): give both
 * the success colour, so that every success toast looks alike.
 */
export const notificationColours = {
    RaNotification: {
        styleOverrides: {
            root: ({ theme }: { theme: Theme }) => ({
                '& .RaNotification-info': {
                    backgroundColor: theme.palette.success.main,
                    color: theme.palette.success.contrastText,
                },
            }),
        },
    },
} as Components<Theme>;
