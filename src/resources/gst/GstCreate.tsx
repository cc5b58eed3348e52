import { ResourceCreate } from '../../common/ResourceCreate';
import { GstForm } from './GstForm';

export const GstCreate = () => (
    <ResourceCreate>
        <GstForm />
    </ResourceCreate>
);
