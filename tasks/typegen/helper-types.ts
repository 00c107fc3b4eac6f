/**
 * The fixed text around the `Database` type: the `Json` alias before it and the table and enum
 * helper types after it, laid out as postgres-meta v0.77.2 prints them (prettier 3.2: trailing
 * commas after type parameters, nested conditional types indented one level further).
 */

/** The `Json` alias that opens the file. */
export const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]`;

/** Row, Insert or Update of a table by name: `Tables<'todos'>`, `TablesInsert<{ schema: 'x' }, 't'>`. */
function tableHelper(name: string, part: 'Row' | 'Insert' | 'Update', withViews: boolean): string {
  const infer = part[0];
  const publicSet = withViews ? '(Database["public"]["Tables"] & Database["public"]["Views"])' : 'Database["public"]["Tables"]';
  const keysOf = withViews
    ? `keyof (Database[PublicTableNameOrOptions["schema"]]["Tables"] &
        Database[PublicTableNameOrOptions["schema"]]["Views"])`
    : 'keyof Database[PublicTableNameOrOptions["schema"]]["Tables"]';
  const chosen = withViews
    ? `(Database[PublicTableNameOrOptions["schema"]]["Tables"] &
      Database[PublicTableNameOrOptions["schema"]]["Views"])[TableName]`
    : 'Database[PublicTableNameOrOptions["schema"]]["Tables"][TableName]';
  const publicCheck = withViews
    ? `keyof (Database["public"]["Tables"] &
        Database["public"]["Views"])`
    : 'keyof Database["public"]["Tables"]';
  const publicPick = withViews
    ? `(Database["public"]["Tables"] &
        Database["public"]["Views"])[PublicTableNameOrOptions]`
    : 'Database["public"]["Tables"][PublicTableNameOrOptions]';
  return `export type ${name}<
  PublicTableNameOrOptions extends
    | keyof ${publicSet}
    | { schema: keyof Database },
  TableName extends PublicTableNameOrOptions extends { schema: keyof Database }
    ? ${keysOf}
    : never = never,
> = PublicTableNameOrOptions extends { schema: keyof Database }
  ? ${chosen} extends {
      ${part}: infer ${infer}
    }
    ? ${infer}
    : never
  : PublicTableNameOrOptions extends ${publicCheck}
    ? ${publicPick} extends {
        ${part}: infer ${infer}
      }
      ? ${infer}
      : never
    : never`;
}

const ENUMS_HELPER = `export type Enums<
  PublicEnumNameOrOptions extends
    | keyof Database["public"]["Enums"]
    | { schema: keyof Database },
  EnumName extends PublicEnumNameOrOptions extends { schema: keyof Database }
    ? keyof Database[PublicEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = PublicEnumNameOrOptions extends { schema: keyof Database }
  ? Database[PublicEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : PublicEnumNameOrOptions extends keyof Database["public"]["Enums"]
    ? Database["public"]["Enums"][PublicEnumNameOrOptions]
    : never`;

/** The helpers that follow `Database`, separated by blank lines. */
export const HELPER_TYPES = [
  tableHelper('Tables', 'Row', true),
  tableHelper('TablesInsert', 'Insert', false),
  tableHelper('TablesUpdate', 'Update', false),
  ENUMS_HELPER,
].join('\n\n');
