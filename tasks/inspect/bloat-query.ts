/**
 * The `inspect db bloat` estimate, from pg_stats: the pages a table or index would need
 * (`otta`) against the pages it has, with a 23-byte tuple header and 4-byte alignment, as in the
 * widely used pg-extras estimate the original ships. Step by step as common table expressions.
 */
import type { Expression, ExpressionBuilder, Kysely } from 'kysely';
import type { InspectDatabase } from './report-types.js';

type Numeric = Expression<number>;

/**
 * Arithmetic on numbers, every operation in parentheses (kysely writes nested operators without
 * them); the result keeps PostgreSQL's own type, kysely only sees a number.
 */
function arithmetic<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) {
  const value = (x: Numeric | number) => (typeof x === 'number' ? eb.lit(x).$castTo<number>() : x);
  const op = (operator: '+' | '-' | '*' | '/' | '%') => (a: Numeric | number, b: Numeric | number) =>
    eb.parens(value(a), operator, value(b)).$castTo<number>();
  const plus = op('+');
  const minus = op('-');
  const modulo = op('%');
  return {
    value,
    plus,
    minus,
    times: op('*'),
    divided: op('/'),
    /** `x` rounded up to the alignment: x + ma - (CASE WHEN x % ma = 0 THEN ma ELSE x % ma END). */
    aligned: (x: Numeric, ma: Numeric) => minus(plus(x, ma),
      eb.case().when(eb(modulo(x, ma), '=', value(0))).then(ma).else(modulo(x, ma)).end().$castTo<number>()),
    /** `x::float`, for divisions that must not be integer ones. */
    float: (x: number) => eb.cast<number>(eb.lit(x), 'float8'),
  };
}

/** Tables and their indexes, most wasted space first. */
export function bloatQuery(db: Kysely<InspectDatabase>) {
  return db
    .with('constants', (qb) => qb.selectNoFrom((eb) => [
      eb.cast<number>(eb.fn('current_setting', [eb.val('block_size')]), 'numeric').as('bs'),
      eb.lit(23).$castTo<number>().as('hdr'),
      eb.lit(4).$castTo<number>().as('ma'),
    ]))
    .with('widths', (qb) => qb.selectFrom(['pg_catalog.pg_stats as s', 'constants'])
      .select((eb) => {
        const n = arithmetic(eb);
        const nullColumns = eb.selectFrom('pg_catalog.pg_stats as s2')
          .select((sub) => n.plus(1, n.divided(sub.fn.countAll<number>(), 8)).as('n'))
          .where('s2.null_frac', '<>', 0)
          .whereRef('s2.schemaname', '=', 's.schemaname')
          .whereRef('s2.tablename', '=', 's.tablename')
          .$castTo<number>();
        return [
          's.schemaname', 's.tablename', 'hdr', 'ma', 'bs',
          eb.fn.sum<number>(n.times(n.minus(1, eb.ref('s.null_frac')), eb.ref('s.avg_width'))).as('datawidth'),
          eb.fn.max('s.null_frac').as('maxfracsum'),
          n.plus(eb.ref('hdr'), nullColumns).as('nullhdr'),
        ];
      })
      .groupBy(['s.schemaname', 's.tablename', 'hdr', 'ma', 'bs']))
    .with('bloat_info', (qb) => qb.selectFrom('widths')
      .select((eb) => {
        const n = arithmetic(eb);
        return [
          'ma', 'bs', 'schemaname', 'tablename',
          eb.cast<number>(n.plus(eb.ref('datawidth'), n.aligned(eb.ref('hdr'), eb.ref('ma'))), 'numeric').as('datahdr'),
          n.times(eb.ref('maxfracsum'), n.aligned(eb.ref('nullhdr'), eb.ref('ma'))).as('nullhdr2'),
        ];
      }))
    .with('tables', (qb) => qb.selectFrom('bloat_info as b')
      .innerJoin('pg_catalog.pg_class as cc', 'cc.relname', 'b.tablename')
      .innerJoin('pg_catalog.pg_namespace as nn', (join) => join
        .onRef('cc.relnamespace', '=', 'nn.oid').onRef('nn.nspname', '=', 'b.schemaname').on('nn.nspname', '<>', 'information_schema'))
      .selectAll('b')
      .select((eb) => {
        const n = arithmetic(eb);
        const rowWidth = n.plus(n.plus(n.aligned(eb.ref('b.datahdr'), eb.ref('b.ma')), eb.ref('b.nullhdr2')), 4);
        return [
          'cc.oid as reloid', 'cc.relpages', 'cc.reltuples',
          eb.fn<number>('ceil', [n.divided(n.times(eb.ref('cc.reltuples'), rowWidth), n.minus(eb.ref('b.bs'), n.float(20)))]).as('otta'),
        ];
      }))
    .with('indexes', (qb) => qb.selectFrom('tables as t')
      .innerJoin('pg_catalog.pg_index as i', 'i.indrelid', 't.reloid')
      .innerJoin('pg_catalog.pg_class as c2', 'c2.oid', 'i.indexrelid')
      .select((eb) => {
        const n = arithmetic(eb);
        return [
          't.schemaname', 't.tablename', 't.bs',
          eb.fn.coalesce('c2.relname', eb.val('?')).as('iname'),
          eb.fn.coalesce('c2.relpages', eb.lit(0)).as('ipages'),
          eb.fn.coalesce(
            eb.fn<number>('ceil', [n.divided(n.times(eb.ref('c2.reltuples'), n.minus(eb.ref('t.datahdr'), 12)), n.minus(eb.ref('t.bs'), n.float(20)))]),
            eb.lit(0),
          ).as('iotta'),
        ];
      }))
    .with('summary', (qb) => qb.selectFrom('tables')
      .select((eb) => {
        const n = arithmetic(eb);
        return [
          eb.val('table').as('type'), 'schemaname', 'tablename as object_name',
          eb.fn<number>('round', [
            eb.case().when('otta', '=', 0).then(eb.lit(0.0).$castTo<number>())
              .else(n.divided(eb.ref('relpages'), eb.cast<number>('otta', 'numeric'))).end(),
            eb.lit(1),
          ]).as('bloat'),
          eb.case().when('relpages', '<', eb.ref('otta')).then(eb.lit(0).$castTo<number>())
            .else(eb.cast<number>(n.times(eb.ref('bs'), eb.cast<number>(n.minus(eb.ref('relpages'), eb.ref('otta')), 'int8')), 'int8'))
            .end().as('raw_waste'),
        ];
      })
      .union((sub) => sub.selectFrom('indexes').select((eb) => {
        const n = arithmetic(eb);
        return [
          eb.val('index').as('type'), 'schemaname',
          eb(eb('tablename', '||', eb.val('::')), '||', eb.ref('iname')).as('object_name'),
          eb.fn<number>('round', [
            eb.case().when(eb.or([eb('iotta', '=', 0), eb('ipages', '=', 0)])).then(eb.lit(0.0).$castTo<number>())
              .else(n.divided(eb.ref('ipages'), eb.cast<number>('iotta', 'numeric'))).end(),
            eb.lit(1),
          ]).as('bloat'),
          eb.case().when('ipages', '<', eb.ref('iotta')).then(eb.lit(0).$castTo<number>())
            .else(eb.cast<number>(n.times(eb.ref('bs'), n.minus(eb.ref('ipages'), eb.ref('iotta'))), 'int8'))
            .end().as('raw_waste'),
        ];
      })))
    .selectFrom('summary')
    .select((eb) => ['type', 'schemaname', 'object_name', 'bloat', eb.fn<string>('pg_size_pretty', ['raw_waste']).as('waste')])
    .orderBy('raw_waste', 'desc')
    .orderBy('bloat', 'desc');
}
