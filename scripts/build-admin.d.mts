/** Types of scripts/build-admin.mjs, for the TypeScript that imports it (the dashboard's tests). */
export declare const ADMIN_SOURCE_DIR: string;
export declare const ADMIN_DIST_DIR: string;
export declare function isAdminStale(sourceDir?: string, outDir?: string): boolean;
export declare function buildAdmin(sourceDir?: string, outDir?: string): Promise<{ files: string[]; initialScripts: string[] }>;
