import React, { useState } from 'react';
import Admonition from '../mdx/Admonition';
import { pemToPkcs8, signEs256 } from '../../lib/jwt';

const SIX_MONTHS = 180 * 24 * 60 * 60; // Apple rejects client secrets valid for longer.
const KEY_ID_FROM_FILE = /AuthKey_([A-Z0-9]{10})\.p8$/i;

interface Result { token: string; expires: Date }

/**
 * Sign in with Apple wants a client secret that is itself a JWT signed with your .p8 key. This
 * builds it in the browser, so the key never leaves the machine.
 */
export default function AppleSecretGenerator() {
  const [teamId, setTeamId] = useState('');
  const [serviceId, setServiceId] = useState('');
  const [keyId, setKeyId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState('');

  const generate = async () => {
    setResult(null);
    if (!file) return setError('No file selected.');
    const kid = keyId.trim() || file.name.match(KEY_ID_FROM_FILE)?.[1];
    if (!kid) return setError('No Key ID given, and the file name does not contain one (AuthKey_XXXXXXXXXX.p8).');
    const pkcs8 = pemToPkcs8(await file.text());
    if (!pkcs8) return setError('Chosen file does not appear to be a PEM encoded PKCS8 private key file.');
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + SIX_MONTHS;
    try {
      const token = await signEs256({ typ: 'JWT', kid }, { iss: teamId.trim(), sub: serviceId.trim(), iat, exp, aud: 'https://appleid.apple.com' }, pkcs8);
      setError('');
      setResult({ token, expires: new Date(exp * 1000) });
    } catch {
      setError('Chosen file does not appear to be a PEM encoded PKCS8 private key file.');
    }
  };

  return (
    <form className="helper-form" onSubmit={(event) => { event.preventDefault(); void generate(); }}>
      <label>Account ID<input name="team-id" required minLength={10} maxLength={10} value={teamId} onChange={(e) => setTeamId(e.target.value)} /></label>
      <label>Service ID<input name="service-id" required value={serviceId} onChange={(e) => setServiceId(e.target.value)} /></label>
      <label>Key ID (optional: read from the file name)<input name="key-id" value={keyId} onChange={(e) => setKeyId(e.target.value)} /></label>
      <label>Private key (.p8)<input name="key-file" type="file" accept=".p8" onChange={(e) => setFile(e.target.files?.[0] ?? null)} /></label>
      <button type="submit">Generate Secret Key</button>
      {error && <Admonition type="danger" title="Could not generate the secret">{error}</Admonition>}
      {result && (
        <div className="helper-output">
          <p>Secret Key</p>
          <code data-testid="apple-secret">{result.token}</code>
          <p>Valid until: {result.expires.toUTCString()}</p>
        </div>
      )}
    </form>
  );
}
