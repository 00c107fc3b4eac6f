/**
 * The PostgREST v12 query-string grammar (tasks/api/rest/grammar/): what every form of select,
 * filter, logic tree, order, range, on_conflict and columns parses to, how GET /rpc/ parameters
 * split into arguments and filters, and the exact PGRST100 message and details of malformed input.
 * The error expectations are PostgREST v12.0.1's own (its doctests in QueryParams.hs and its
 * spec suite), so they check that Parsec's error rules are kept, not just that something fails.
 */
import assert from 'node:assert/strict';
import { ApiError } from '../../tasks/api/common/api-error.js';
import { runParser, type Parser } from '../../tasks/api/rest/grammar/combinators.js';
import { fastOpExpr, fastOrder, fastSelect, fastTreePath } from '../../tasks/api/rest/grammar/fast-path.js';
import { opExpr, restOfValue } from '../../tasks/api/rest/grammar/filter.js';
import { treePath } from '../../tasks/api/rest/grammar/names.js';
import { orderTerms } from '../../tasks/api/rest/grammar/order.js';
import { parseQuery, readInteger } from '../../tasks/api/rest/grammar/parse-query.js';
import { queryParameters } from '../../tasks/api/rest/grammar/query-string.js';
import { selectForest } from '../../tasks/api/rest/grammar/select.js';
import type { Condition, Field, Filter, ParsedQuery, SelectItem } from '../../tasks/api/rest/query-ast.js';

function parse(query: string, rpc = false): ParsedQuery {
  return parseQuery(new URLSearchParams(query), { rpc });
}

function select(value: string): SelectItem[] {
  return parse(`select=${encodeURIComponent(value)}`).read.select;
}

function filterOf(query: string): Filter {
  const { filters } = parse(query).read;
  assert.equal(filters.length, 1);
  return filters[0].filter;
}

const col = (name: string, ...json: Array<[Field['json'][number]['arrow'], string]>): Field => ({
  name,
  json: json.map(([arrow, key]) => ({ arrow, key, index: /^-?\d+$/.test(key) })),
});

const cond = (field: Field, operator: Condition['operator'], value: Condition['value'], extra: Partial<Condition> = {}): Condition => ({
  kind: 'condition',
  field,
  negated: false,
  operator,
  value,
  ...extra,
});

/** The PGRST100 a query string gets: message and details. */
function rejection(query: string, rpc = false): { message: string; details: ApiError['body']['details'] } {
  try {
    parse(query, rpc);
  } catch (error) {
    assert.ok(error instanceof ApiError, `not an ApiError: ${String(error)}`);
    assert.equal(error.status, 400);
    assert.equal(error.body.code, 'PGRST100');
    assert.equal(error.body.hint, null);
    const { details } = error.body;
    // The parser's details are always text; only an ambiguous embed's are a list.
    assert.ok(details === null || typeof details === 'string', 'PGRST100 details are text');
    return { message: error.body.message, details };
  }
  assert.fail(`${query} parsed`);
}

describe('PostgREST query grammar', () => {
  describe('select', () => {
    it('defaults to every column and accepts an empty list', () => {
      assert.deepEqual(parse('').read.select, [{ kind: 'star' }]);
      assert.deepEqual(select(''), []);
    });

    it('reads columns, aliases, casts and JSON paths with array indexes', () => {
      assert.deepEqual(select('*,id,full:name,id::text,a:data->b->>c::int,data->0->>-1'), [
        { kind: 'star' },
        { kind: 'column', field: col('id') },
        { kind: 'column', field: col('name'), alias: 'full' },
        { kind: 'column', field: col('id'), cast: 'text' },
        { kind: 'column', field: col('data', ['->', 'b'], ['->>', 'c']), alias: 'a', cast: 'int' },
        { kind: 'column', field: col('data', ['->', '0'], ['->>', '-1']) },
      ]);
    });

    it('reads quoted names with spaces, commas and escaped quotes, dashes, and trims blanks around items', () => {
      assert.deepEqual(select(' "my col, 1" , "a \\"b\\"":first-name , last name ,data->"k.x"'), [
        { kind: 'column', field: col('my col, 1') },
        { kind: 'column', field: col('first-name'), alias: 'a "b"' },
        { kind: 'column', field: col('last name') },
        { kind: 'column', field: col('data', ['->', 'k.x']) },
      ]);
    });

    it('reads JSON keys of any character but the reserved ones', () => {
      assert.deepEqual(select('data->!@#$%^&*_a::int'), [{ kind: 'column', field: col('data', ['->', '!@#$%^&*_a']), cast: 'int' }]);
    });

    it('reads embeds with alias, hint, join type, spreads and nesting', () => {
      assert.deepEqual(select('id,director:directors!films_director_id_fkey!inner(*),actors!left(name,roles(*)),...studio!owner(name),x:y!inner!hint()'), [
        { kind: 'column', field: col('id') },
        { kind: 'embed', relation: 'directors', alias: 'director', hint: 'films_director_id_fkey', join: 'inner', spread: false, select: [{ kind: 'star' }] },
        {
          kind: 'embed',
          relation: 'actors',
          join: 'left',
          spread: false,
          select: [
            { kind: 'column', field: col('name') },
            { kind: 'embed', relation: 'roles', join: 'left', spread: false, select: [{ kind: 'star' }] },
          ],
        },
        { kind: 'embed', relation: 'studio', hint: 'owner', join: 'left', spread: true, select: [{ kind: 'column', field: col('name') }] },
        { kind: 'embed', relation: 'y', alias: 'x', hint: 'hint', join: 'inner', spread: false, select: [] },
      ]);
    });

    it('keeps aggregates, which the SQL builder refuses as v12 does by default', () => {
      assert.deepEqual(select('count(),n:count()::int,amount.sum(),t:amount::numeric.avg()::int,id.max(),id.min()'), [
        { kind: 'column', field: col('*'), aggregate: { fn: 'count' } },
        { kind: 'column', field: col('*'), alias: 'n', aggregate: { fn: 'count', cast: 'int' } },
        { kind: 'column', field: col('amount'), aggregate: { fn: 'sum' } },
        { kind: 'column', field: col('amount'), alias: 't', cast: 'numeric', aggregate: { fn: 'avg', cast: 'int' } },
        { kind: 'column', field: col('id'), aggregate: { fn: 'max' } },
        { kind: 'column', field: col('id'), aggregate: { fn: 'min' } },
      ]);
    });

    it('ignores what follows a top-level closing parenthesis, as v12 does', () => {
      assert.deepEqual(select('id),name'), [{ kind: 'column', field: col('id') }]);
    });

    it('takes the first select parameter', () => {
      assert.deepEqual(parse('select=a&select=b').read.select, [{ kind: 'column', field: col('a') }]);
    });
  });

  describe('filters', () => {
    const single = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'isdistinct', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
    for (const operator of single) {
      it(`reads ${operator} and not.${operator}, keeping the operand as written`, () => {
        assert.deepEqual(filterOf(`c=${operator}.a.b,(c)`), cond(col('c'), operator, 'a.b,(c)'));
        assert.deepEqual(filterOf(`c=not.${operator}.x`), cond(col('c'), operator, 'x', { negated: true }));
      });
    }

    it('keeps like and ilike patterns with their * (the SQL builder makes them %)', () => {
      assert.deepEqual(filterOf('name=like.*a%2Ab*'), cond(col('name'), 'like', '*a*b*'));
      assert.deepEqual(filterOf('name=ilike.A*'), cond(col('name'), 'ilike', 'A*'));
    });

    it('reads in lists with quoted elements, escapes and empty elements', () => {
      assert.deepEqual(filterOf('id=in.(1,2,3)'), cond(col('id'), 'in', ['1', '2', '3']));
      assert.deepEqual(filterOf(`n=in.(${encodeURIComponent('"a,b","c\\"d",e f,')})`), cond(col('n'), 'in', ['a,b', 'c"d', 'e f', '']));
      assert.deepEqual(filterOf('n=not.in.( a )'), cond(col('n'), 'in', ['a '], { negated: true }));
      // PostgREST's spec: a backslash escapes inside quotes only, and a quote that does not close an element is text.
      const cases: Array<[string, string[]]> = [
        ['("Double\\"Quote\\"McGraw\\"")', ['Double"Quote"McGraw"']],
        ['("\\\\")', ['\\']],
        ['("D\\a\\vid W\\h\\ite")', ['David White']],
        ['(Double"Quote"McGraw")', ['Double"Quote"McGraw"']],
        ['(")', ['"']],
        ['(/\\Slash/\\Beast/\\)', ['/\\Slash/\\Beast/\\']],
        ['(David White,"Hebdon, John")', ['David White', 'Hebdon, John']],
      ];
      for (const [list, value] of cases) assert.deepEqual(filterOf(`n=in.${encodeURIComponent(list)}`), cond(col('n'), 'in', value), list);
    });

    it('reads is with null, true, false and unknown in any case', () => {
      for (const [written, value] of [['null', 'null'], ['NULL', 'null'], ['True', 'true'], ['FALSE', 'false'], ['unknown', 'unknown']]) {
        assert.deepEqual(filterOf(`c=is.${written}`), cond(col('c'), 'is', value));
      }
      assert.deepEqual(filterOf('c=not.is.null'), cond(col('c'), 'is', 'null', { negated: true }));
    });

    it('reads fts languages', () => {
      for (const operator of ['fts', 'plfts', 'phfts', 'wfts'] as const) {
        assert.deepEqual(filterOf(`t=not.${operator}(english).fat cats`), cond(col('t'), operator, 'fat cats', { negated: true, language: 'english' }));
      }
    });

    it('reads any/all quantifiers with their array operand as a list', () => {
      // neq is not among them in v12: it is a single-value operator.
      for (const operator of ['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'] as const) {
        assert.deepEqual(filterOf(`c=${operator}(any).{1,2}`), cond(col('c'), operator, ['1', '2'], { quantifier: 'any' }));
      }
      assert.deepEqual(filterOf(`c=not.like(all).${encodeURIComponent('{a*,"b,c", d }')}`), cond(col('c'), 'like', ['a*', 'b,c', 'd'], { negated: true, quantifier: 'all' }));
    });

    it('reads JSON paths and embed paths in keys', () => {
      assert.deepEqual(parse('data->a->>b=eq.1&films.actors.name=eq.x').read.filters, [
        { path: [], filter: cond(col('data', ['->', 'a'], ['->>', 'b']), 'eq', '1') },
        { path: ['films', 'actors'], filter: cond(col('name'), 'eq', 'x') },
      ]);
    });

    it('keeps every filter of a repeated key', () => {
      assert.deepEqual(parse('a=gt.1&a=lt.5').read.filters.map((f) => (f.filter as Condition).operator), ['gt', 'lt']);
    });
  });

  describe('logic trees', () => {
    it('reads or, and, not and nesting, with quoted values and arrays', () => {
      const tree = filterOf(`or=${encodeURIComponent('(a.eq.1, not.and(b.gt.2,c.is.NULL),d.in.(1,2),e.eq."x,y",f.cs.{1,2},g.fts(english).cat)')}`);
      assert.deepEqual(tree, {
        kind: 'or',
        negated: false,
        children: [
          cond(col('a'), 'eq', '1'),
          { kind: 'and', negated: true, children: [cond(col('b'), 'gt', '2'), cond(col('c'), 'is', 'null')] },
          cond(col('d'), 'in', ['1', '2']),
          cond(col('e'), 'eq', 'x,y'),
          cond(col('f'), 'cs', '{1,2}'),
          cond(col('g'), 'fts', 'cat', { language: 'english' }),
        ],
      });
    });

    it('reads not.or, not.and and trees on embeds', () => {
      assert.deepEqual(parse('not.or=(a.eq.1,b.eq.2)&actors.and=(x.gte.1,x.lte.9)&films.not.and=(y.eq.1)').read.filters, [
        { path: [], filter: { kind: 'or', negated: true, children: [cond(col('a'), 'eq', '1'), cond(col('b'), 'eq', '2')] } },
        { path: ['actors'], filter: { kind: 'and', negated: false, children: [cond(col('x'), 'gte', '1'), cond(col('x'), 'lte', '9')] } },
        { path: ['films'], filter: { kind: 'and', negated: true, children: [cond(col('y'), 'eq', '1')] } },
      ]);
    });

    it('reads the spaced, nested trees of PostgREST\'s spec, keeping blanks inside operands as v12 does', () => {
      const tree = filterOf(`and=${encodeURIComponent('( and ( id.in.( 1, 2, 3 ) , id.eq.3 ) , or ( id.eq.2 , id.eq.3 ) )')}`);
      assert.deepEqual(tree, {
        kind: 'and',
        negated: false,
        children: [
          { kind: 'and', negated: false, children: [cond(col('id'), 'in', ['1', ' 2', ' 3 ']), cond(col('id'), 'eq', '3 ')] },
          { kind: 'or', negated: false, children: [cond(col('id'), 'eq', '2 '), cond(col('id'), 'eq', '3 ')] },
        ],
      });
      assert.deepEqual(filterOf(`or=${encodeURIComponent('(name.eq."(grandchild,entity,4)",id.in.("1","2"),id.not.eq.2)')}`), {
        kind: 'or',
        negated: false,
        children: [cond(col('name'), 'eq', '(grandchild,entity,4)'), cond(col('id'), 'in', ['1', '2']), cond(col('id'), 'eq', '2', { negated: true })],
      });
    });

    it('keeps filters and trees in the order of the query string', () => {
      const kinds = parse('a=eq.1&or=(b.eq.2,c.eq.3)&d=eq.4').read.filters.map((f) => f.filter.kind);
      assert.deepEqual(kinds, ['condition', 'or', 'condition']);
    });
  });

  describe('order, ranges, on_conflict and columns', () => {
    it('reads directions, nulls, JSON paths and to-one embed columns', () => {
      assert.deepEqual(parse('order=a,b.desc,c.asc.nullsfirst,d.nullslast,data->k.desc,clients(name).desc.nullsfirst').read.order, [
        {
          path: [],
          terms: [
            { field: col('a') },
            { field: col('b'), direction: 'desc' },
            { field: col('c'), direction: 'asc', nulls: 'first' },
            { field: col('d'), nulls: 'last' },
            { field: col('data', ['->', 'k']), direction: 'desc' },
            { field: col('name'), relation: 'clients', direction: 'desc', nulls: 'first' },
          ],
        },
      ]);
    });

    it('reads order, limit and offset on embed paths', () => {
      const { read } = parse('films.order=title.desc&films.actors.limit=2&films.limit=5&films.offset=10&limit=3&offset=1');
      assert.deepEqual(read.order, [{ path: ['films'], terms: [{ field: col('title'), direction: 'desc' }] }]);
      assert.deepEqual(read.ranges, [
        { path: ['films', 'actors'], limit: 2 },
        { path: ['films'], limit: 5, offset: 10 },
        { path: [], limit: 3, offset: 1 },
      ]);
    });

    it('reads limits and offsets as Haskell reads integers, ignoring what is not one as v12.0.1 does', () => {
      assert.deepEqual(parse('limit=abc&offset=1.5').read.ranges, [{ path: [] }]);
      assert.deepEqual(parse('limit=1&limit=7').read.ranges, [{ path: [], limit: 7 }]);
      assert.deepEqual([' 12 ', '-1', '0x1F', '0o17', '007', '+1', '1e3', ''].map(readInteger), [12, -1, 31, 15, 7, undefined, undefined, undefined]);
    });

    it('reads on_conflict and columns lists', () => {
      const query = parse('on_conflict=a, "b c"&columns=x,y');
      assert.deepEqual(query.onConflict, ['a', 'b c']);
      assert.deepEqual(query.columns, ['x', 'y']);
      assert.equal(parse('').onConflict, undefined);
    });

    it('never reads reserved keys as filters', () => {
      const { read, rpcArgs } = parse('select=id&order=id&limit=1&offset=0&columns=a&on_conflict=a&and=(a.eq.1)&or=(a.eq.1)', true);
      assert.deepEqual(rpcArgs, []);
      assert.equal(read.filters.length, 2);
    });
  });

  describe('GET /rpc/ parameters', () => {
    it('are filters when their value is an operator expression, else arguments (repeated keys kept)', () => {
      const query = parse('a=1&b=eq.2&c=not.is.null&d=eq&d=in&e=equal.x&f=fts(english).x&g=eq(any).{1}&h=2', true);
      assert.deepEqual(query.rpcArgs, [['a', '1'], ['d', 'eq'], ['d', 'in'], ['e', 'equal.x'], ['h', '2']]);
      assert.deepEqual(query.read.filters.map((f) => (f.filter as Condition).field.name), ['b', 'c', 'f', 'g']);
    });

    it('name an argument by its key, as v12 does even for a key with an embed path', () => {
      assert.deepEqual(parse('x.y=5', true).rpcArgs, [['y', '5']]);
    });

    it('are refused when their value starts an operator expression it does not finish', () => {
      assert.deepEqual(rejection('a=not.x', true), {
        message: '"failed to parse filter (not.x)" (line 1, column 5)',
        details: 'unexpected "x" expecting operator (eq, gt, ...)',
      });
      assert.equal(rejection('a=in.1', true).message, '"failed to parse filter (in.1)" (line 1, column 4)');
    });

    it('outside /rpc/, a value without an operator is an error', () => {
      assert.deepEqual(rejection('a=1'), { message: '"failed to parse filter (1)" (line 1, column 1)', details: 'unexpected "1" expecting "not" or operator (eq, gt, ...)' });
    });
  });

  describe('PGRST100 errors, as v12.0.1 words them', () => {
    const cases: Array<[string, string, string]> = [
      // PostgREST's doctests and spec suite
      ['a.b=noop.0', '"failed to parse filter (noop.0)" (line 1, column 1)', 'unexpected "o" expecting "not" or operator (eq, gt, ...)'],
      ['id=0', '"failed to parse filter (0)" (line 1, column 1)', 'unexpected "0" expecting "not" or operator (eq, gt, ...)'],
      ['c=fts().value', '"failed to parse filter (fts().value)" (line 1, column 5)', 'unexpected ")" expecting operator (eq, gt, ...)'],
      ['c=eq().value', '"failed to parse filter (eq().value)" (line 1, column 4)', 'unexpected ")" expecting operator (eq, gt, ...)'],
      ['c=is().value', '"failed to parse filter (is().value)" (line 1, column 3)', 'unexpected "(" expecting operator (eq, gt, ...)'],
      ['c=in().value', '"failed to parse filter (in().value)" (line 1, column 3)', 'unexpected "(" expecting operator (eq, gt, ...)'],
      ['select=id,clients(name[])', '"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)', `unexpected '[' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`],
      ['select=data->>-78xy', '"failed to parse select parameter (data->>-78xy)" (line 1, column 11)', `unexpected 'x' expecting digit, "->", "::", ".", "," or end of input`],
      ['select=data->>--34', '"failed to parse select parameter (data->>--34)" (line 1, column 9)', 'unexpected "-" expecting digit'],
      ['select=data->(!@#$%^%26*_d->>!@#$%^%26*_e::integer', '"failed to parse select parameter (data->(!@#$%^&*_d->>!@#$%^&*_e::integer)" (line 1, column 7)', 'unexpected "(" expecting "-", digit or any non reserved character different from: .,>()'],
      ['select=name!hint', '"failed to parse select parameter (name!hint)" (line 1, column 5)', `unexpected '!' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`],
      ['select=name::', '"failed to parse select parameter (name::)" (line 1, column 7)', 'unexpected end of input expecting letter or digit'],
      ['or=()', '"failed to parse logic tree (())" (line 1, column 4)', 'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)'],
      ['or=(id.in.1,2,id.eq.3)', '"failed to parse logic tree ((id.in.1,2,id.eq.3))" (line 1, column 10)', 'unexpected "1" expecting "("'],
      ['and=(ord(id.eq.1,id.eq.1),id.eq.2)', '"failed to parse logic tree ((ord(id.eq.1,id.eq.1),id.eq.2))" (line 1, column 7)', 'unexpected "d" expecting "("'],
      ['or=(id.eq.1,not.xor(id.eq.2,id.eq.3))', '"failed to parse logic tree ((id.eq.1,not.xor(id.eq.2,id.eq.3)))" (line 1, column 16)', 'unexpected "x" expecting logic operator (and, or)'],
      ['order=clients(name,id)', '"failed to parse order (clients(name,id))" (line 1, column 8)', `unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input`],
      ['order=id.ac', '"failed to parse order (id.ac)" (line 1, column 4)', 'unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
      ['order=id.descc', '"failed to parse order (id.descc)" (line 1, column 8)', `unexpected 'c' expecting delimiter (.), "," or end of input`],
      ['order=id.nulsfist', '"failed to parse order (id.nulsfist)" (line 1, column 4)', 'unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
      ['order=id.nullslasttt', '"failed to parse order (id.nullslasttt)" (line 1, column 13)', `unexpected 't' expecting "," or end of input`],
      ['order=id.smth34', '"failed to parse order (id.smth34)" (line 1, column 4)', 'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
      ['order=id.asc.nlsfst', '"failed to parse order (id.asc.nlsfst)" (line 1, column 8)', 'unexpected "l" expecting "nullsfirst" or "nullslast"'],
      ['order=id.asc.nullslasttt', '"failed to parse order (id.asc.nullslasttt)" (line 1, column 17)', `unexpected 't' expecting "," or end of input`],
      ['order=id.asc.smth34', '"failed to parse order (id.asc.smth34)" (line 1, column 8)', 'unexpected "s" expecting "nullsfirst" or "nullslast"'],
      ['columns=', '"failed to parse columns parameter ()" (line 1, column 1)', 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
      // our own cases, from the same rules
      ['c=neq(any).{1}', '"failed to parse filter (neq(any).{1})" (line 1, column 4)', 'unexpected "(" expecting operator (eq, gt, ...)'],
      ['c=is.not_null', '"failed to parse filter (is.not_null)" (line 1, column 5)', 'unexpected "o" expecting null or trilean value (unknown, true, false)'],
      ['c=in.(a,b', '"failed to parse filter (in.(a,b)" (line 1, column 8)', 'unexpected end of input expecting "," or ")"'],
      ['c=fts(english.x', '"failed to parse filter (fts(english.x)" (line 1, column 12)', 'unexpected "." expecting operator (eq, gt, ...)'],
      ['c=%C3%A9', '"failed to parse filter (é)" (line 1, column 1)', 'unexpected "\\233" expecting "not" or operator (eq, gt, ...)'],
      ['select=a:b:c', '"failed to parse select parameter (a:b:c)" (line 1, column 4)', 'unexpected "c" expecting "::"'],
      ['select=films(', '"failed to parse select parameter (films()" (line 1, column 7)', 'unexpected end of input expecting "...", field name (* or [a..z0..9_$]), "*", "count()" or ")"'],
      ['or=(a.eq.1', '"failed to parse logic tree ((a.eq.1)" (line 1, column 10)', 'unexpected end of input expecting "," or ")"'],
      ['order=', '"failed to parse order ()" (line 1, column 1)', 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
      ['on_conflict=', '"failed to parse on_conflict parameter ()" (line 1, column 1)', 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
      ['order=id.asc%09x', '"failed to parse order (id.asc\tx)" (line 1, column 7)', `unexpected '\\t' expecting delimiter (.), "," or end of input`],
    ];
    for (const [query, message, details] of cases) {
      it(`${query}`, () => {
        assert.deepEqual(rejection(query), { message, details });
      });
    }

    it('report the first error in v12 order: order, logic trees, columns, select, filters, on_conflict', () => {
      const all = ['on_conflict=', 'c=bad', 'select=a::', 'columns=', 'or=()', 'order='];
      const expected = ['order', 'logic tree', 'columns parameter', 'select parameter', 'filter', 'on_conflict parameter'];
      expected.forEach((what, i) => {
        assert.match(rejection(all.slice(0, all.length - i).join('&')).message, new RegExp(`^"failed to parse ${what} `));
      });
    });

    it('a malformed key is reported before its value', () => {
      assert.deepEqual(rejection('(x=eq.1'), {
        message: '"failed to parse tree path ((x)" (line 1, column 1)',
        details: 'unexpected "(" expecting field name (* or [a..z0..9_$])',
      });
    });
  });

  describe('raw query strings', () => {
    it('split on & and ; with + as a space, keep a stray % as written and drop keys without =, as http-types does', () => {
      assert.deepEqual([...queryParameters('?a&b=1;c=x+y%2B%zz%C3%A9&d=')], [['b', '1'], ['c', 'x y+%zzé'], ['d', '']]);
    });

    it('so a bare key is ignored where URLSearchParams would make it a filter PostgREST refuses', () => {
      assert.deepEqual(parseQuery(queryParameters('flag&id=eq.1'), { rpc: false }).read.filters, [{ path: [], filter: cond(col('id'), 'eq', '1') }]);
      assert.equal(rejection('flag&id=eq.1').message, '"failed to parse filter ()" (line 1, column 1)');
    });
  });

  describe('shortcuts for common query strings', () => {
    /** Texts made of the grammar's tokens, from a fixed seed, so every run checks the same ones. */
    function corpus(tokens: string[], count: number, seed: number): string[] {
      let state = seed;
      const random = () => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state / 2147483648;
      };
      return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(random() * 9) }, () => tokens[Math.floor(random() * tokens.length)]).join(''));
    }

    /** Wherever a shortcut answers, the full parser must answer the same; it must answer the common forms. */
    function agree<T>(name: string, fast: (text: string) => T | undefined, full: Parser<T>, texts: string[], common: string[]): void {
      it(name, () => {
        let answered = 0;
        for (const text of [...common, ...texts]) {
          const quick = fast(text);
          if (quick === undefined) continue;
          answered += 1;
          const result = runParser(full, text);
          assert.ok(result.ok, `${text}: the shortcut answered, the grammar refuses`);
          assert.deepEqual(quick, result.value, text);
        }
        for (const text of common) assert.notEqual(fast(text), undefined, `${text} takes the slow path`);
        assert.ok(answered > common.length, 'the generated texts never took the shortcut');
      });
    }

    /** Select texts built from the grammar's shapes, with names it treats specially, then now and then a token dropped or doubled. */
    function selects(count: number, seed: number): string[] {
      let state = seed;
      const random = (n: number) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return Math.floor((state / 2147483648) * n);
      };
      const names = ['a', 'count', 'left', 'inner', 'leftx', 'innerb', 'b_1'];
      const pick = () => names[random(names.length)];
      const item = (depth: number): string => {
        const shape = random(depth > 2 ? 3 : 7);
        if (shape === 0) return '*';
        if (shape === 1) return pick();
        if (shape === 2) return `${pick()}:${pick()}`;
        const params = Array.from({ length: random(3) }, () => `!${pick()}`).join('');
        const head = shape === 3 ? `...${pick()}` : shape === 4 ? `${pick()}:${pick()}` : pick();
        return `${head}${params}(${forest(depth + 1)})`;
      };
      const forest = (depth: number): string => Array.from({ length: random(4) }, () => item(depth)).join(',');
      return Array.from({ length: count }, () => {
        const text = forest(0);
        const cut = random(text.length + 1);
        const edit = random(4);
        return edit === 0 ? text.slice(0, cut) + text.slice(cut + 1) : edit === 1 ? text.slice(0, cut) + text.slice(cut - 1) : text;
      });
    }

    agree('select', fastSelect, selectForest, [...selects(5000, 7), ...corpus(['a', 'count', 'left', '!', '(', ')', ',', ':', '*', '.', '...', ' ', '"', '-', '>'], 5000, 7)], [
      '*', 'id,name', 'id,films(*)', '*,director:directors!inner(name),actors!left(*)', '...studio(name)', 'x:y!hint!inner()', '',
    ]);
    const operators = ['eq', 'neq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'i', 'ist'];
    const operands = ['1', 'null', 'NuLl', 'true', 'unknown', 'nullx', '(1,2)', '()', '( 1)', '(a,"b")', '(1', '{1}', 'x.y', ''];
    const shaped = ['', 'not.'].flatMap((not) => operators.flatMap((op) => ['.', '(any).', '(english).', ''].flatMap((mod) => operands.map((v) => `${not}${op}${mod}${v}`))));
    agree('filter values', fastOpExpr, opExpr(restOfValue), [...shaped, ...corpus(['not', '.', 'eq', 'in', 'is', 'null', 'true', '(', ')', ',', 'x', '"', ' '], 5000, 11)], [
      'eq.1', 'not.like.*a*', 'in.(1,2)', 'not.is.null', 'is.TRUE', 'gte.5', 'isdistinct.x', 'wfts.a b',
    ]);
    agree('order', fastOrder, orderTerms, corpus(['id', 'asc', 'desc', 'nullsfirst', 'nullslast', '.', ',', '(', ')', ' ', '->'], 20000, 13), ['id', 'a,b.desc,c.asc.nullslast,d.nullsfirst']);
    agree('keys', fastTreePath, treePath, corpus(['a', 'b', '.', ' ', '-', '>', '"', '('], 5000, 17), ['id', 'films.actors.name']);
  });
});
