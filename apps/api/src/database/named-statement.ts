import { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from './prepared';

/** A parameter's reference in a statement being built: `$n` of that name. */
export type Param<P> = (name: keyof P & string) => string;

/** A statement with named parameters. PostgreSQL takes positional `$n`; the builder numbers each name in order of
 * first use, so fragments compose without counting each other's positions, and the text is built once (a named
 * prepared statement must have the same text at every call). `P` maps each name to its value's type. */
export interface NamedStatement<P> {
  /** The prepared statement's name (src/database/prepared.ts). */
  readonly name: string;
  readonly text: string;
  /** The parameter names in `$n` order. */
  readonly order: readonly (keyof P & string)[];
}

export function namedStatement<P>(name: string, build: (p: Param<P>) => string): NamedStatement<P> {
  const order: (keyof P & string)[] = [];
  const text = build((param) => {
    let index = order.indexOf(param);
    if (index < 0) index = order.push(param) - 1;
    return `$${index + 1}`;
  });
  return { name, text, order };
}

/** The positional values of a statement, from its named values. */
export function positional<P>(statement: NamedStatement<P>, values: P): unknown[] {
  return statement.order.map((name) => values[name]);
}

/** Runs the statement as a named prepared statement (preparedQuery). */
export function runPrepared<T, P>(
  db: DataSource | EntityManager,
  statement: NamedStatement<P>,
  values: P,
): Promise<T[]> {
  return preparedQuery<T>(db, statement.name, statement.text, positional(statement, values));
}
