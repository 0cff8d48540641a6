export declare const SERVER_DIR: string;
export declare const REPO_ROOT: string;
export declare const SERVER_DIST: string;
export declare const WEB_DIST: string;
export declare const STAMP_FILE: string;
export declare const SERVER_INPUTS: readonly string[];
export declare const WEB_INPUTS: readonly string[];
export declare function inputsHash(root: string, inputs: readonly string[]): Promise<string>;
export declare function readStamp(outDir: string): Promise<string | null>;
