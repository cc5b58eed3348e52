import type { ReactNode } from 'react';

import { ResourceEdit } from '../common/ResourceEdit';
import { SchemaForm } from './SchemaForm';

/** The generated edit view; `children` replaces the generated form. */
export const SchemaEdit = ({ children }: { children?: ReactNode }) => (
    <ResourceEdit>{children ?? <SchemaForm mode="edit" />}</ResourceEdit>
);
