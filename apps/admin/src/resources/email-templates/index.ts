import { lazy } from 'react';

/** /admin/email-templates (Settings.Update; loading needs Settings.Read too): list, /create, /{id}/edit
 * (one form) and /{id}/preview. */
export const TemplateList = lazy(() => import('./TemplateList'));
export const TemplateCreate = lazy(() => import('./TemplateCreate'));
export const TemplateEdit = lazy(() => import('./TemplateEdit'));
export const TemplatePreview = lazy(() => import('./TemplatePreview'));
