import type { ReactNode } from 'react';

import { ResourceCreate } from '../common/ResourceCreate';
import { SchemaForm } from './SchemaForm';

/** The generated create view; `children` replaces the generated form. */
export const SchemaCreate = ({ children }: { children?: ReactNode }) => (
    <ResourceCreate>{children ?? <SchemaForm mode="create" />}</ResourceCreate>
);
