import type { ProfileName } from '../core/routes/profiles.js';
import { openApiDocument } from './document.js';

/** Where each profile's document is committed and shipped (`seatpay/openapi*.json`). */
export const DOCUMENT_PATHS: Readonly<Record<ProfileName, string>> = {
  spec: 'openapi/openapi.json',
  deployed: 'openapi/openapi.deployed.json',
};

/** The text of each committed document, as `npm run openapi` writes it. */
export function documentFiles(): { profile: ProfileName; path: string; text: string }[] {
  return (Object.keys(DOCUMENT_PATHS) as ProfileName[]).map((profile) => ({
    profile,
    path: DOCUMENT_PATHS[profile],
    text: `${JSON.stringify(openApiDocument(profile), null, 2)}\n`,
  }));
}
