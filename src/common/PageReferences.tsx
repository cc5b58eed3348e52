import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetMany, useGetRecordRepresentation, useListContext, type Identifier, type RaRecord } from 'react-admin';

/** A list column naming another resource's record (a product's GST rate): the row's `source` holds its id. */
export interface PageReference {
    source: string;
    reference: string;
}

/** What a page knows of one reference column: each referenced record's name by id, read once for the page. */
export interface ColumnReferences {
    names: ReadonlyMap<string, ReactNode>;
    isLoading: boolean;
    error: unknown;
}

const PageReferencesContext = createContext<ReadonlyMap<string, ColumnReferences>>(new Map());

/** The distinct ids a page's rows name in `source`, in a steady order: the same set is the same query. */
const idsOf = (rows: RaRecord[] | undefined, source: string): Identifier[] => {
    const ids = new Map<string, Identifier>();
    for (const row of rows ?? []) {
        const id = row[source];
        if (id != null && id !== '') ids.set(String(id), id);
    }
    return [...ids].sort(([a], [b]) => a.localeCompare(b)).map(([, id]) => id);
};

const ColumnReferencesProvider = ({ source, reference, children }: PageReference & { children: ReactNode }) => {
    const { data } = useListContext();
    const ids = useMemo(() => idsOf(data, source), [data, source]);
    const { data: records, isLoading, error } = useGetMany(reference, { ids });
    const represent = useGetRecordRepresentation(reference);
    const outer = useContext(PageReferencesContext);
    const value = useMemo(() => {
        const names = new Map((records ?? []).map(record => [String(record.id), represent(record)]));
        return new Map(outer).set(source, { names, isLoading, error });
    }, [outer, source, records, represent, isLoading, error]);
    return <PageReferencesContext.Provider value={value}>{children}</PageReferencesContext.Provider>;
};

/**
 * The records a list page's rows refer to, read once for the page: one getMany a column, its names made once.
 * A ReferenceField in each row would do the same with a query observer, a subscription and a render of its own
 * per row (100 on a page of products), the page drawing each of them again when the names came.
 */
export const PageReferencesProvider = ({ references, children }: { references: PageReference[]; children: ReactNode }) => (
    <>
        {references.reduceRight<ReactNode>(
            (inner, { source, reference }) => (
                <ColumnReferencesProvider key={source} source={source} reference={reference}>
                    {inner}
                </ColumnReferencesProvider>
            ),
            children
        )}
    </>
);

/** The page's references of column `source`; undefined outside a PageReferencesProvider that reads them. */
export const usePageReferences = (source: string): ColumnReferences | undefined => useContext(PageReferencesContext).get(source);
