import path from 'node:path';
import ts from 'typescript';
import type { DbShape } from '../../server/db/introspect';
import { typeFamily } from '../../server/db/schemaTables';
import { snakeCase } from '../../server/db/sqlName';

/** A column as a type or a table holds it: its SQL name and what kind of value it keeps. */
export type Family = 'number' | 'text' | 'other';
/** Table → column → family, in SQL names. */
export type TableShapes = Map<string, Map<string, Family>>;

/** Generated<T> and ColumnType<T, …> are what Kysely reads and writes; their first argument is what a select answers. */
function selected(type: ts.Type): ts.Type {
    const alias = type.aliasSymbol?.name;
    return (alias === 'Generated' || alias === 'ColumnType') && type.aliasTypeArguments?.length ? type.aliasTypeArguments[0] : type;
}

function familyOf(checker: ts.TypeChecker, type: ts.Type): Family {
    const value = checker.getNonNullableType(selected(type));
    const parts = value.isUnion() ? value.types : [value];
    if (parts.every((part) => part.flags & ts.TypeFlags.NumberLike)) return 'number';
    if (parts.every((part) => part.flags & ts.TypeFlags.StringLike)) return 'text';
    return 'other';
}

/** The tables of server/db/tables.ts's `Database` as tsc sees them (entity tables worked out from their schemas). */
export function databaseTypeShapes(): TableShapes {
    const file = path.resolve('server/db/tables.ts');
    const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(file)!;
    const declaration = source.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'Database')!;
    const shapes: TableShapes = new Map();
    for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration.name))) {
        const columns = new Map<string, Family>();
        for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(table, declaration))) {
            columns.set(snakeCase(column.name), familyOf(checker, checker.getTypeOfSymbolAtLocation(column, declaration)));
        }
        shapes.set(snakeCase(table.name), columns);
    }
    return shapes;
}

/** A migrated database's tables in the same terms. */
export function databaseShapes(shape: DbShape): TableShapes {
    const family = (sqlType: string): Family => (typeFamily(sqlType) === 'text' ? 'text' : 'number');
    return new Map([...shape.tables].map(([table, columns]) => [table, new Map([...columns].map(([column, type]) => [column, family(type)]))]));
}

/**
 * Where the types and the tables disagree, in words: a table or column one has and the other lacks, or a column
 * kept as text on one side and as a number on the other. `outside` names tables the types leave out on purpose.
 */
export function typeDrift(types: TableShapes, tables: TableShapes, outside: (table: string) => boolean): string[] {
    const drift: string[] = [];
    for (const [table, columns] of tables) {
        if (outside(table)) continue;
        const typed = types.get(table);
        if (!typed) {
            drift.push(`server/db/tables.ts has no table ${table}`);
            continue;
        }
        for (const [column, family] of columns) {
            if (!typed.has(column)) drift.push(`server/db/tables.ts has no column ${table}.${column}`);
            else if (typed.get(column) !== family) drift.push(`${table}.${column} is ${family} in the database, ${typed.get(column)} in server/db/tables.ts`);
        }
    }
    for (const [table, columns] of types) {
        const held = tables.get(table);
        if (!held) drift.push(`the database has no table ${table} (server/db/tables.ts has)`);
        else for (const column of columns.keys()) if (!held.has(column)) drift.push(`the database has no column ${table}.${column} (server/db/tables.ts has)`);
    }
    return drift;
}
