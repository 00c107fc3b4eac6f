/**
 * GoTrue's obfuscateValue, as SQL, shared by the users and identities stores (a soft-deleted user's
 * email and phone, and those of its identities).
 */

/** GoTrue's obfuscateValue in SQL: sha256 of the user id and the value, base64url without padding. */
export const obfuscated = (idSql: string, valueSql: string): string =>
  `rtrim(translate(encode(sha256(convert_to(${idSql}::text || coalesce(${valueSql}, ''), 'UTF8')), 'base64'), '+/', '-_'), '=')`;
