import React from 'react';

/** Title and description for Gatsby's Head API. */
export default function SiteHead({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{`${title} | Supabase Docs`}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
