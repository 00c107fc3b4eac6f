/** Reading where a view's columns come from out of its stored query (PostgreSQL's node-tree text). */
import assert from 'node:assert/strict';
import { viewTargetEntries } from '../../tasks/typegen/view-origins.js';

// The shape PostgreSQL 15 stores for `select s.x as "odd name}", 1 as n from (select id as x from t) s
// order by s.y`: the subquery has a target list of its own, which must not be read.
const TREE = [
  '({QUERY :commandType 1 :cteList <> :rtable ({RANGETBLENTRY :alias {ALIAS :aliasname s :colnames <>}',
  ' :subquery {QUERY :commandType 1 :targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1',
  ' :resname x :resorigtbl 111 :resorigcol 9 :resjunk false}) :sortClause <>} :relid 0})',
  ' :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>}',
  ' :targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1 :location 7} :resno 1 :resname odd\\ name\\}',
  ' :ressortgroupref 0 :resorigtbl 16384 :resorigcol 1 :resjunk false}',
  ' {TARGETENTRY :expr {CONST :consttype 23 :constlen 4 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]} :resno 2 :resname n',
  ' :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}',
  ' {TARGETENTRY :expr {VAR :varno 1 :varattno 2} :resno 3 :resname y :ressortgroupref 1 :resorigtbl 16384 :resorigcol 2 :resjunk true})',
  ' :sortClause ({SORTGROUPCLAUSE :tleSortGroupRef 1})})',
].join('');

describe('view column origins', () => {
  it('reads the top-level target list only, with escaped names, constants and sort-only entries', () => {
    assert.deepEqual(viewTargetEntries(TREE), [
      { resno: 1, originTable: 16384, originColumn: 1 },
      { resno: 2, originTable: 0, originColumn: 0 },
      { resno: 3, originTable: 16384, originColumn: 2 },
    ]);
  });

  it('reads nothing from an empty action (a DO INSTEAD NOTHING rule) or a query without a target list', () => {
    assert.deepEqual(viewTargetEntries('<>'), []);
    assert.deepEqual(viewTargetEntries('({QUERY :commandType 1 :targetList <>})'), []);
  });
});
