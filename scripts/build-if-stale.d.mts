export declare const projectRoot: string
export declare const serverEntry: string
export declare const buildInputs: readonly string[]
export declare function staleReason(root?: string): string | null
export declare function buildIfStale(options?: { root?: string; quiet?: boolean }): boolean
