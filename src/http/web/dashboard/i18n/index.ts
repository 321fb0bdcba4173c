import { chooseLang, type Lang } from '../../kit/i18n/index.ts';
import { type DashboardCatalogue, en } from './en.ts';
import { hi } from './hi.ts';

/** The dashboard's texts per language: the same languages as the public pages (web/kit/i18n). */
export const DASHBOARD_CATALOGUES: Record<Lang, DashboardCatalogue> = { en, hi };
export { chooseLang, type DashboardCatalogue, type Lang };
