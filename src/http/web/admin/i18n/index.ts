import type { Lang } from '../../kit/i18n/index.ts';
import { type AdminCatalogue, en } from './en.ts';
import { hi } from './hi.ts';

/** The operator console's texts per language: the dashboard's languages. */
export const ADMIN_CATALOGUES: Record<Lang, AdminCatalogue> = { en, hi };
export type { AdminCatalogue };
