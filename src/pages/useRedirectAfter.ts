import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Goes to `path` `ms` after `when` turns true (2 s after registration, 3 s after a reset: long enough to read the success message). */
export const useRedirectAfter = (when: boolean, path: string, ms: number) => {
    const navigate = useNavigate();
    useEffect(() => {
        if (!when) return;
        const timer = setTimeout(() => navigate(path), ms);
        return () => clearTimeout(timer);
    }, [when, path, ms, navigate]);
};
