/**
 * Enabling an extension: the schema it goes into (`extensions` unless the user picks another), in
 * a modal dialog; the server's refusal (a schema the extension cannot be moved to, a missing
 * library) is shown in it, so the user can pick again.
 */
import { useState } from 'react';
import { ModalForm } from '../components/modal-form';
import { SchemaSelect } from '../components/schema-select';

/** Where the original's projects install extensions. */
export const DEFAULT_EXTENSION_SCHEMA = 'extensions';

export function EnableDialog(props: { extension: string; schemas: readonly string[]; onEnable: (name: string, schema: string) => Promise<void>; onClose: () => void }) {
  const { extension, schemas, onEnable, onClose } = props;
  const [schema, setSchema] = useState(DEFAULT_EXTENSION_SCHEMA);
  return (
    <ModalForm title={`Enable ${extension}`} action="Enable extension" onSubmit={() => onEnable(extension, schema)} onClose={onClose}>
      <SchemaSelect className="form-field" value={schema} schemas={schemas} onChange={setSchema} />
    </ModalForm>
  );
}
