/**
 * Request bodies decoded as GoTrue's Go decoder decodes them (tasks/api/auth/go-json.ts): the
 * scanner's words for each kind of broken JSON, the type errors naming the Go struct field, and
 * member names matched without regard to case, as encoding/json matches them.
 */
import assert from 'node:assert/strict';
import { decodeGoJson, goSyntaxError } from '../../tasks/api/auth/go-json.js';

const SIGNUP = { name: 'SignupParams', fields: { email: 'string', password: 'string', data: 'map' } } as const;

describe('GoTrue request bodies as Go decodes them', () => {
  it('says what Go says of broken JSON', () => {
    const cases: Array<[string, string]> = [
      ['', 'unexpected end of JSON input'],
      ['{"email": ', 'unexpected end of JSON input'],
      ['x', "invalid character 'x' looking for beginning of value"],
      ['{email: 1}', "invalid character 'e' looking for beginning of object key string"],
      ['{"email" 1}', "invalid character '1' after object key"],
      ['{"email": "a" "b"}', `invalid character '"' after object key:value pair`],
      ['[1 2]', "invalid character '2' after array element"],
      ['{} x', "invalid character 'x' after top-level value"],
    ];
    for (const [text, message] of cases) assert.equal(goSyntaxError(text), message, text);
  });

  it('names the Go struct field of a member of the wrong type, and the struct for a body that is no object', () => {
    assert.throws(() => decodeGoJson('{"email": 1}', SIGNUP), { message: 'json: cannot unmarshal number into Go struct field SignupParams.email of type string' });
    assert.throws(() => decodeGoJson('{"data": []}', SIGNUP), { message: 'json: cannot unmarshal array into Go struct field SignupParams.data of type map[string]interface {}' });
    assert.throws(() => decodeGoJson('[]', SIGNUP), { message: 'json: cannot unmarshal array into Go value of type api.SignupParams' });
  });

  it('ignores unknown members and nulls, and matches member names whatever their case', () => {
    assert.deepEqual(decodeGoJson('{"email": null, "other": 1}', SIGNUP), {});
    assert.deepEqual(decodeGoJson('{"Email": "a@example.com", "PASSWORD": "secret"}', SIGNUP), { email: 'a@example.com', password: 'secret' });
    assert.throws(() => decodeGoJson('{"EMAIL": true}', SIGNUP), { message: 'json: cannot unmarshal bool into Go struct field SignupParams.email of type string' });
  });
});
