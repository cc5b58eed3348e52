import { ResourceEdit } from '../../common/ResourceEdit';
import { GstForm } from './GstForm';

export const GstEdit = () => (
    <ResourceEdit>
        <GstForm />
    </ResourceEdit>
);
