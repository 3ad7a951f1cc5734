/** Types of scripts/build.mjs, for the TypeScript that imports it (its tests). */
export declare const SOURCE_DIR: string;
export declare const DIST_DIR: string;
export declare function isStale(sourceDir?: string, outDir?: string): boolean;
export declare function buildDist(sourceDir?: string, outDir?: string): Promise<{ modules: number }>;
