/**
 * PostgREST v12's logic trees, our own implementation of that contract: `or=(a.eq.1,and(b.gt.2,
 * c.is.null))`, `not.and=(...)`. The key's operator is put in front of the value before parsing
 * (`or` + `(...)`), as v12 does, so error columns count from it. An operand inside a tree ends at a
 * comma or a parenthesis unless it is "quoted" or a `{...}` array literal.
 */
import type { Condition, EmbedPath, LogicTree } from '../query-ast.js';
import {
  alt, attempt, before, char, label, many, map, noneOf, notFollowedBy, pure, sepBy1, seq, string, then, type Parser,
} from './combinators.js';
import { opExpr } from './filter.js';
import { delimiter, field, fieldName, lexeme, quotedValue } from './names.js';

const arrayLiteral: Parser<string> = seq([string('{'), many(noneOf('{}')), string('}')], (_, inner) => `{${inner.join('')}}`);

const treeOperand: Parser<string> = alt(
  attempt(before(quotedValue, notFollowedBy(noneOf(',)')))),
  attempt(arrayLiteral),
  map(many(noneOf(',)')), (cs) => cs.join('')),
);

const condition: Parser<Condition> = seq([before(field, delimiter), opExpr(treeOperand)], (target, expr) => ({ kind: 'condition' as const, field: target, ...expr }));

const negation: Parser<boolean> = label(alt(map(attempt(then(string('not'), delimiter)), () => true), pure(false)), 'negation operator (not)');

const logicOperator: Parser<LogicTree['kind']> = label(
  alt(map(attempt(string('and')), () => 'and' as const), map(string('or'), () => 'or' as const)),
  'logic operator (and, or)',
);

/** Deferred, since a tree's children are trees. */
const child: Parser<Condition | LogicTree> = (input, at) => logicTree(input, at);

/** `[not.]and(...)`/`or(...)` whose children are conditions or trees. */
export const logicTree: Parser<Condition | LogicTree> = alt<Condition | LogicTree>(
  attempt(condition),
  seq([negation, logicOperator, lexeme(char('(')), sepBy1(child, lexeme(char(','))), lexeme(char(')'))], (negated, kind, _, children) => ({ kind, negated, children })),
);

/** A logic key: `films.not.or` is `not.or` on the embed films (every `not` counts, wherever it is). */
export const logicPath: Parser<{ path: EmbedPath; operator: string }> = map(sepBy1(fieldName, delimiter), (names) => {
  const operator = names[names.length - 1];
  return {
    path: names.slice(0, -1).filter((name) => name !== 'not'),
    operator: names.includes('not') ? `not.${operator}` : operator,
  };
});
