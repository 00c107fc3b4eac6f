import { atom } from 'jotai';

/** The chosen panel id per queryGroup, shared by every tab group on the page (and across pages). */
export const tabGroupSelectionAtom = atom<Record<string, string>>({});
