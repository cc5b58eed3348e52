import { SelectInput, useTranslate, type SelectInputProps } from 'react-admin';

import { useEntitySchema } from './SchemaContext';

/**
 * An enum's choices under the labels the entity's i18n gives them (`resources.<name>.choices.<field>.<value>`),
 * else as stored: staff read 'Fixed amount (₹)', the API keeps 'fixed'. A file of its own because list
 * filters use it too: importing it from SchemaInput would bring the rich-text editor to every list.
 */
export const EnumSelectInput = ({ source, values, ...rest }: SelectInputProps & { source: string; values: readonly string[] }) => {
    const schema = useEntitySchema();
    const translate = useTranslate();
    const choices = values.map(value => ({ id: value, name: translate(`resources.${schema.name}.choices.${source}.${value}`, { _: value }) }));
    return <SelectInput source={source} choices={choices} translateChoice={false} {...rest} />;
};
