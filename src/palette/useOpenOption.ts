import { useCreatePath, useResourceDefinitions } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import type { PaletteOption } from './paletteOptions';

/** Opens what an option names, after `onClose`: a screen's list, or a record's show (or edit) view. */
export const useOpenOption = (onClose: () => void) => {
    const navigate = useNavigate();
    const createPath = useCreatePath();
    const definitions = useResourceDefinitions();
    return (option: PaletteOption) => {
        const hasShow = definitions[option.resource]?.hasShow;
        const path =
            option.id === undefined
                ? createPath({ resource: option.resource, type: 'list' })
                : createPath({ resource: option.resource, type: hasShow ? 'show' : 'edit', id: option.id });
        onClose();
        navigate(path);
    };
};
