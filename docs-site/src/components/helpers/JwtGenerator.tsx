import React, { useState } from 'react';
import { randomSecret, signHs256 } from '../../lib/jwt';

type KeyKind = 'ANON_KEY' | 'SERVICE_KEY';

/** Default claims: the role for the chosen key, issued today at midnight, valid five years. */
function defaultClaims(kind: KeyKind): string {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const iat = Math.floor(today.getTime() / 1000);
  const exp = Math.floor(new Date(today).setFullYear(today.getFullYear() + 5) / 1000);
  return JSON.stringify({ role: kind === 'ANON_KEY' ? 'anon' : 'service_role', iss: 'supabase', iat, exp }, null, 2);
}

/** Makes anon / service_role API keys for a self-hosted stack: HS256 tokens signed with a JWT secret. */
export default function JwtGenerator() {
  const [secret, setSecret] = useState(() => randomSecret());
  const [kind, setKind] = useState<KeyKind>('ANON_KEY');
  const [claims, setClaims] = useState(() => defaultClaims('ANON_KEY'));
  const [token, setToken] = useState('');
  const [error, setError] = useState('');

  const generate = async () => {
    let payload: unknown;
    try {
      payload = JSON.parse(claims);
    } catch (cause) {
      setError(`Input must be valid JSON. Not a valid JSON body: ${(cause as Error).message}`);
      return;
    }
    setError('');
    setToken(await signHs256(payload as object, secret));
  };

  return (
    <form className="helper-form" onSubmit={(event) => { event.preventDefault(); void generate(); }}>
      <label>JWT secret<input name="jwt-secret" value={secret} onChange={(e) => setSecret(e.target.value)} spellCheck={false} /></label>
      <label>Preconfigured payload
        <select name="key-kind" value={kind} onChange={(e) => { const next = e.target.value as KeyKind; setKind(next); setClaims(defaultClaims(next)); }}>
          <option value="ANON_KEY">ANON_KEY</option>
          <option value="SERVICE_KEY">SERVICE_KEY</option>
        </select>
      </label>
      <label>Payload<textarea name="claims" rows={7} value={claims} onChange={(e) => setClaims(e.target.value)} spellCheck={false} /></label>
      <button type="submit">Generate JWT</button>
      {error && <p role="alert" className="helper-error">{error}</p>}
      {token && (
        <div className="helper-output">
          <p>Generated Token:</p>
          <code data-testid="jwt-token">{token}</code>
        </div>
      )}
    </form>
  );
}
