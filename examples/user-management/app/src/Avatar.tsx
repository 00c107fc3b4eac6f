import { useEffect, useState, type ChangeEvent } from 'react';
import type { AppClient } from './supabase-client';

interface AvatarProps {
  supabase: AppClient;
  /** The object's name in the avatars bucket (what profiles.avatar_url holds), or null. */
  path: string | null;
  size: number;
  onUpload: (path: string) => void;
}

/** A blob as a data: URL: a preview that needs no revoking (avatars are small). */
async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** Shows the current avatar and uploads a new one under a fresh random name. */
export function Avatar({ supabase, path, size, onUpload }: AvatarProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setPreview(null);
    if (!path) return;
    void (async () => {
      const { data, error: downloadError } = await supabase.storage.from('avatars').download(path);
      if (!current) return;
      if (downloadError) return setError(`Could not load the avatar: ${downloadError.message}`);
      const url = await dataUrl(data);
      if (current) setPreview(url);
    })();
    return () => {
      current = false;
    };
  }, [supabase, path]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    setError(null);
    // A new name for every upload: the old object is deleted by the database once the profile
    // points elsewhere, and caches never serve a stale image under a reused name.
    const extension = file.name.includes('.') ? file.name.split('.').pop() : 'png';
    const name = `${crypto.randomUUID()}.${extension}`;
    // The bytes themselves, with their type, rather than a multipart form: what arrives is exactly the file.
    const { error: uploadError } = await supabase.storage
      .from('avatars')
      .upload(name, await file.arrayBuffer(), { contentType: file.type || 'application/octet-stream' });
    setUploading(false);
    if (uploadError) return setError(`Could not upload the avatar: ${uploadError.message}`);
    onUpload(name);
  }

  return (
    <div className="avatar">
      {preview ? (
        <img src={preview} alt="Avatar" width={size} height={size} />
      ) : (
        <div className="avatar-placeholder" style={{ width: size, height: size }} aria-label="No avatar" />
      )}
      <label htmlFor="avatar-file">{uploading ? 'Uploading…' : 'Upload an avatar'}</label>
      <input id="avatar-file" type="file" accept="image/*" onChange={upload} disabled={uploading} />
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
