/**
 * Both OpenAPI documents of a deployment, as the web process serves them: the built-in API's
 * (/api/openapi.json) and the admin API's with the embedded account routes (/admin/openapi.json).
 */
import { adminAccountRoutes } from '../embedded/admin-account-routes.js';
import { hubAdminRoutes } from '../hub/admin/admin-routes.js';
import { buildOpenApiDocument } from '../hub/admin/openapi.js';
import { buildApiOpenApiDocument } from '../service/openapi/api-openapi.js';

export const adminRoutes = [...hubAdminRoutes, ...adminAccountRoutes];

export function buildOpenApiDocuments() {
  return { api: buildApiOpenApiDocument(), admin: buildOpenApiDocument(adminRoutes) };
}
