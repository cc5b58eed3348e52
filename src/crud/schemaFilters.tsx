import type { ReactElement } from 'react';
import { NumberInput, SearchInput, SelectInput, TextInput } from 'react-admin';

import { WINDOW_STATES, type EntitySchema } from '../../schema/types';
import { DependentReferenceInput } from '../common/DependentReferenceInput';
import { ReferenceSelectInput } from '../common/ReferenceSelectInput';
import { ReferenceSetInput } from '../common/ReferenceSetInput';
import { statusChoices } from '../common/statusChoices';
import { EnumSelectInput } from './EnumSelectInput';
import { choiceSort } from './schemas';

/** The list's filters: the search box, then a filter per field the API filters on, as its type calls for. */
export function schemaFilters(schema: EntitySchema): ReactElement[] {
    const filters: ReactElement[] = [];
    if (schema.list.search.length) filters.push(<SearchInput key="q" source="q" alwaysOn />);
    for (const name of schema.list.filters) {
        const field = schema.fields[name];
        // A product's variants open under its row, or each as a row of a search (src/crud/listDefaults.ts).
        if (name === schema.variants?.parent || name === schema.variants?.position) continue;
        if (name === 'state' && schema.window) {
            const choices = WINDOW_STATES.map(state => ({ id: state, name: `app.window.${state}` }));
            filters.push(<SelectInput key={name} source={name} choices={choices} />);
        } else if (name === 'status') {
            filters.push(<SelectInput key={name} source={name} choices={statusChoices} />);
        } else if (field?.type === 'enum') {
            filters.push(<EnumSelectInput key={name} source={name} values={field.choices ?? []} />);
        } else if (field?.type === 'reference' && field.within && schema.list.filters.includes(field.within)) {
            filters.push(
                <DependentReferenceInput
                    key={name}
                    source={name}
                    reference={field.reference!}
                    dependsOn={field.within}
                    whenUnset="all"
                    activeOnly={false}
                    sort={choiceSort(field.reference!)}
                />
            );
        } else if (field?.type === 'referenceMany') {
            // Rows holding every value chosen (Brand: Aashirvaad and Diet: Veg).
            filters.push(<ReferenceSetInput key={name} source={name} reference={field.reference!} />);
        } else if (field?.type === 'reference') {
            filters.push(
                <ReferenceSelectInput key={name} source={name} reference={field.reference!} sort={choiceSort(field.reference!)} activeOnly={false} />
            );
        } else {
            filters.push(<TextInput key={name} source={name} />);
        }
    }
    // An upper bound (`stock_lte`: low stock), as the dashboard's low-stock card opens the list.
    for (const name of schema.list.atMost ?? []) filters.push(<NumberInput key={`${name}_lte`} source={`${name}_lte`} min={0} step={1} />);
    return filters;
}
