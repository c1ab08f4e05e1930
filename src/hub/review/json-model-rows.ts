/**
 * A table row PostgreSQL wrote as JSON (`to_jsonb(t)`, `json_agg(t)`) as Prisma's model of it: the
 * columns' snake_case names in camelCase (or renamed where the schema maps a field to another
 * column name), the timestamp columns as Dates. Only the top level is converted: a json column's
 * own keys are kept as stored. Floats come back exactly (PostgreSQL writes the shortest text that
 * reads back to the same double).
 */
export interface ModelRowShape {
  /** The row's timestamp columns, by column name. */
  dates: readonly string[];
  /** Columns whose model field is not their camelCase name. */
  renames?: Readonly<Record<string, string>>;
}

const camelCase = (column: string): string => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function modelRow<T>(row: Record<string, unknown>, shape: ModelRowShape): T {
  const model: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    const field = shape.renames?.[column] ?? camelCase(column);
    model[field] = value !== null && shape.dates.includes(column) ? new Date(value as string) : value;
  }
  return model as T;
}

export function modelRows<T>(rows: Record<string, unknown>[], shape: ModelRowShape): T[] {
  return rows.map((row) => modelRow<T>(row, shape));
}
