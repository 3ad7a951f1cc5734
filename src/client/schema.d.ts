// Generated from GET /api/openapi.json by `npm run client:generate`. Do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alive */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database reachable (it answers within 2 s) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ready";
                        };
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    limit?: number;
                    page?: number;
                    /** @description false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400. */
                    pagination?: boolean;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, internal_name, basic.product_name, basic.location, additional.price, additional.caution, settings.slug, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, internal_name, basic.product_name, basic.product_desc, basic.location, basic.rent_owner, additional.price, additional.caution, additional.time_unit, additional.selectedTerm, settings.published, settings.slug, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description Search in name, description and location; case- and accent-insensitive. */
                    q?: string;
                    /** @description ISO date or date-time: only products free from here… */
                    availableFrom?: string;
                    /** @description …to here (a whole date is inclusive). */
                    availableTo?: string;
                    /** @description ISO date or date-time: only products with a reservation overlapping from here… */
                    reservedFrom?: string;
                    /** @description …to here (a whole date is inclusive). */
                    reservedTo?: string;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: components["schemas"]["Product"][];
                            totalDocs: number;
                            limit: number;
                            totalPages: number;
                            page: number;
                            pagingCounter: number;
                            hasPrevPage: boolean;
                            hasNextPage: boolean;
                            prevPage: number | null;
                            nextPage: number | null;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a product with a generated id */
        post: {
            parameters: {
                query?: {
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ignored except on POST /api/products/:id, where it must equal the path id. */
                        id?: string;
                        internal_name?: string;
                        basic: {
                            product_name: string;
                            product_desc?: string;
                            location?: string;
                            /** @description A rents account id, or an object with its id (its other properties are ignored). */
                            rent_owner?: string | ({
                                id: string;
                            } & {
                                [key: string]: unknown;
                            });
                        };
                        additional?: {
                            price?: number;
                            caution?: number;
                            /** @enum {string} */
                            time_unit?: "hour" | "day" | "week" | "month" | "year";
                            selectedTerm?: string;
                            /**
                             * Format: duration
                             * @description The shortest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            min_duration?: string;
                            /**
                             * Format: duration
                             * @description The longest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            max_duration?: string;
                            /**
                             * Format: duration
                             * @description Time kept free before every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_before?: string;
                            /**
                             * Format: duration
                             * @description Time kept free after every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_after?: string;
                            /**
                             * Format: duration
                             * @description How long after it is made a booking request may start at the earliest. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            lead_time?: string;
                            /** @description From `min_units` units on, the unit price is `price` instead of additional.price; min_units strictly increasing. */
                            price_tiers?: {
                                min_units: number;
                                price: number;
                            }[];
                        };
                        settings?: {
                            published?: boolean;
                            slug?: string;
                        };
                        gallery?: {
                            images?: (string | {
                                id: string;
                                alt?: string;
                                filename: string;
                                mimeType: string;
                                url: string;
                                width: number;
                                height: number;
                            })[];
                        };
                        availability?: {
                            reservationDates?: ({
                                id?: string;
                                from: string;
                                to: string;
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        /** @description Free-form SEO metadata. */
                        seo?: {
                            [key: string]: unknown;
                        };
                        /** @description Free-form namespaced metadata. */
                        legacy?: {
                            [key: string]: unknown;
                        };
                        /** @description Set by the server; ignored. */
                        createdAt?: unknown;
                        /** @description Set by the server; ignored. */
                        updatedAt?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Product"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete every one of the products a where matches (at most 1,000), each as its own DELETE would; without a where: 405 */
        delete: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, internal_name, basic.product_name, basic.product_desc, basic.location, basic.rent_owner, additional.price, additional.caution, additional.time_unit, additional.selectedTerm, settings.published, settings.slug, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400. */
                    limit?: number;
                    /** @description The order in which matches are changed (and `limit` counts). Sortable: id, internal_name, basic.product_name, basic.location, additional.price, additional.caution, settings.slug, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The products changed (or deleted). */
                            docs: components["schemas"]["Product"][];
                            /** @description One item per problem of each document that could not be changed. */
                            errors: {
                                id: string;
                                message: string;
                                field?: string;
                            }[];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update every one of the products a where matches (at most 1,000), each as its own PATCH would; without a where: 405 */
        patch: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, internal_name, basic.product_name, basic.product_desc, basic.location, basic.rent_owner, additional.price, additional.caution, additional.time_unit, additional.selectedTerm, settings.published, settings.slug, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400. */
                    limit?: number;
                    /** @description The order in which matches are changed (and `limit` counts). Sortable: id, internal_name, basic.product_name, basic.location, additional.price, additional.caution, settings.slug, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Merged into each matching product, then validated as a whole. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ignored except on POST /api/products/:id, where it must equal the path id. */
                        id?: string;
                        internal_name?: string;
                        basic?: {
                            product_name: string;
                            product_desc?: string;
                            location?: string;
                            /** @description A rents account id, or an object with its id (its other properties are ignored). */
                            rent_owner?: string | ({
                                id: string;
                            } & {
                                [key: string]: unknown;
                            });
                        };
                        additional?: {
                            price?: number;
                            caution?: number;
                            /** @enum {string} */
                            time_unit?: "hour" | "day" | "week" | "month" | "year";
                            selectedTerm?: string;
                            /**
                             * Format: duration
                             * @description The shortest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            min_duration?: string;
                            /**
                             * Format: duration
                             * @description The longest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            max_duration?: string;
                            /**
                             * Format: duration
                             * @description Time kept free before every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_before?: string;
                            /**
                             * Format: duration
                             * @description Time kept free after every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_after?: string;
                            /**
                             * Format: duration
                             * @description How long after it is made a booking request may start at the earliest. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            lead_time?: string;
                            /** @description From `min_units` units on, the unit price is `price` instead of additional.price; min_units strictly increasing. */
                            price_tiers?: {
                                min_units: number;
                                price: number;
                            }[];
                        };
                        settings?: {
                            published?: boolean;
                            slug?: string;
                        };
                        gallery?: {
                            images?: (string | {
                                id: string;
                                alt?: string;
                                filename: string;
                                mimeType: string;
                                url: string;
                                width: number;
                                height: number;
                            })[];
                        };
                        availability?: {
                            reservationDates?: ({
                                id?: string;
                                from: string;
                                to: string;
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        /** @description Free-form SEO metadata. */
                        seo?: {
                            [key: string]: unknown;
                        };
                        /** @description Free-form namespaced metadata. */
                        legacy?: {
                            [key: string]: unknown;
                        };
                        /** @description Set by the server; ignored. */
                        createdAt?: unknown;
                        /** @description Set by the server; ignored. */
                        updatedAt?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The products changed (or deleted). */
                            docs: components["schemas"]["Product"][];
                            /** @description One item per problem of each document that could not be changed. */
                            errors: {
                                id: string;
                                message: string;
                                field?: string;
                            }[];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/products/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count products */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, internal_name, basic.product_name, basic.product_desc, basic.location, basic.rent_owner, additional.price, additional.caution, additional.time_unit, additional.selectedTerm, settings.published, settings.slug, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description Search in name, description and location; case- and accent-insensitive. */
                    q?: string;
                    /** @description ISO date or date-time: only products free from here… */
                    availableFrom?: string;
                    /** @description …to here (a whole date is inclusive). */
                    availableTo?: string;
                    /** @description ISO date or date-time: only products with a reservation overlapping from here… */
                    reservedFrom?: string;
                    /** @description …to here (a whole date is inclusive). */
                    reservedTo?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totalDocs: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a product */
        get: {
            parameters: {
                query?: {
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: {
                    "if-none-match"?: string;
                };
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Product"];
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a product with this id, or run an action on it */
        post: {
            parameters: {
                query?: {
                    /** @description Run this action; the body may then be empty or carry its arguments. */
                    action?: string;
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: {
                    /** @description An action on a version not seen is refused (412). */
                    "if-match"?: string;
                };
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ignored except on POST /api/products/:id, where it must equal the path id. */
                        id?: string;
                        internal_name?: string;
                        basic: {
                            product_name: string;
                            product_desc?: string;
                            location?: string;
                            /** @description A rents account id, or an object with its id (its other properties are ignored). */
                            rent_owner?: string | ({
                                id: string;
                            } & {
                                [key: string]: unknown;
                            });
                        };
                        additional?: {
                            price?: number;
                            caution?: number;
                            /** @enum {string} */
                            time_unit?: "hour" | "day" | "week" | "month" | "year";
                            selectedTerm?: string;
                            /**
                             * Format: duration
                             * @description The shortest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            min_duration?: string;
                            /**
                             * Format: duration
                             * @description The longest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            max_duration?: string;
                            /**
                             * Format: duration
                             * @description Time kept free before every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_before?: string;
                            /**
                             * Format: duration
                             * @description Time kept free after every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_after?: string;
                            /**
                             * Format: duration
                             * @description How long after it is made a booking request may start at the earliest. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            lead_time?: string;
                            /** @description From `min_units` units on, the unit price is `price` instead of additional.price; min_units strictly increasing. */
                            price_tiers?: {
                                min_units: number;
                                price: number;
                            }[];
                        };
                        settings?: {
                            published?: boolean;
                            slug?: string;
                        };
                        gallery?: {
                            images?: (string | {
                                id: string;
                                alt?: string;
                                filename: string;
                                mimeType: string;
                                url: string;
                                width: number;
                                height: number;
                            })[];
                        };
                        availability?: {
                            reservationDates?: ({
                                id?: string;
                                from: string;
                                to: string;
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        /** @description Free-form SEO metadata. */
                        seo?: {
                            [key: string]: unknown;
                        };
                        /** @description Free-form namespaced metadata. */
                        legacy?: {
                            [key: string]: unknown;
                        };
                        /** @description Set by the server; ignored. */
                        createdAt?: unknown;
                        /** @description Set by the server; ignored. */
                        updatedAt?: unknown;
                    } | ({
                        /**
                         * @description publish, unpublish, duplicate ({newId?}), reserve ({from, to, note?}), release ({reservationId}), or an action the configuration adds (its arguments as it takes them).
                         * @enum {string}
                         */
                        action: "publish" | "unpublish" | "duplicate" | "reserve" | "release";
                        newId?: string;
                        from?: string;
                        to?: string;
                        note?: string;
                        reservationId?: string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Product"];
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Product"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description If-Match does not match the current ETag */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete a product */
        delete: {
            parameters: {
                query?: {
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: {
                    "if-match"?: string;
                };
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Product"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description If-Match does not match the current ETag */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a product (deep merge; null removes) */
        patch: {
            parameters: {
                query?: {
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: {
                    "if-match"?: string;
                };
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Any part of a product; merged into it, then validated as a whole. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ignored except on POST /api/products/:id, where it must equal the path id. */
                        id?: string;
                        internal_name?: string;
                        basic?: {
                            product_name: string;
                            product_desc?: string;
                            location?: string;
                            /** @description A rents account id, or an object with its id (its other properties are ignored). */
                            rent_owner?: string | ({
                                id: string;
                            } & {
                                [key: string]: unknown;
                            });
                        };
                        additional?: {
                            price?: number;
                            caution?: number;
                            /** @enum {string} */
                            time_unit?: "hour" | "day" | "week" | "month" | "year";
                            selectedTerm?: string;
                            /**
                             * Format: duration
                             * @description The shortest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            min_duration?: string;
                            /**
                             * Format: duration
                             * @description The longest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            max_duration?: string;
                            /**
                             * Format: duration
                             * @description Time kept free before every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_before?: string;
                            /**
                             * Format: duration
                             * @description Time kept free after every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            buffer_after?: string;
                            /**
                             * Format: duration
                             * @description How long after it is made a booking request may start at the earliest. An ISO 8601 duration (P2D, PT4H, P1W).
                             */
                            lead_time?: string;
                            /** @description From `min_units` units on, the unit price is `price` instead of additional.price; min_units strictly increasing. */
                            price_tiers?: {
                                min_units: number;
                                price: number;
                            }[];
                        };
                        settings?: {
                            published?: boolean;
                            slug?: string;
                        };
                        gallery?: {
                            images?: (string | {
                                id: string;
                                alt?: string;
                                filename: string;
                                mimeType: string;
                                url: string;
                                width: number;
                                height: number;
                            })[];
                        };
                        availability?: {
                            reservationDates?: ({
                                id?: string;
                                from: string;
                                to: string;
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        /** @description Free-form SEO metadata. */
                        seo?: {
                            [key: string]: unknown;
                        };
                        /** @description Free-form namespaced metadata. */
                        legacy?: {
                            [key: string]: unknown;
                        };
                        /** @description Set by the server; ignored. */
                        createdAt?: unknown;
                        /** @description Set by the server; ignored. */
                        updatedAt?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Product"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description If-Match does not match the current ETag */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/products/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export products as CSV, JSON or NDJSON (streamed) */
        get: {
            parameters: {
                query?: {
                    /** @description csv: one column per field path; json: an array; ndjson: one product a line. */
                    format?: "csv" | "json" | "ndjson";
                    /** @description CSV only: begin with a UTF-8 byte order mark, by which spreadsheet programs recognise UTF-8. */
                    bom?: boolean;
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description Search in name, description and location; case- and accent-insensitive. */
                    q?: string;
                    /** @description ISO date or date-time: only products free from here… */
                    availableFrom?: string;
                    /** @description …to here (a whole date is inclusive). */
                    availableTo?: string;
                    /** @description Comma-separated paths; `-` for descending. */
                    sort?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file, streamed, with Content-Disposition: attachment; filename="products-<date>.<format>". */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                        "application/json": components["schemas"]["Product"][];
                        "application/x-ndjson": string;
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import products from a CSV, JSON or NDJSON file */
        post: {
            parameters: {
                query?: {
                    /** @description create: a row whose id exists is a 409; upsert: it replaces that product (a row equal to it is left unchanged). */
                    mode?: "create" | "upsert";
                    /** @description Check every row and report; write nothing. */
                    dryRun?: boolean;
                    /** @description Write every row or none: nothing is written unless every row is valid. */
                    atomic?: boolean;
                    /** @description The file's format, where its Content-Type (or a form file's name) does not say it. */
                    format?: "csv" | "json" | "ndjson";
                    /** @description The file's encoding (`windows-1250`, `iso-8859-2`, …) where its Content-Type does not name it; default UTF-8. A byte the encoding has no character for is a 400. */
                    charset?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description A CSV, JSON or NDJSON file; its format from `format`, else its extension, else its type, else CSV.
                         */
                        file: string;
                    };
                    "text/csv": string;
                    "application/json": {
                        [key: string]: unknown;
                    }[];
                    "application/x-ndjson": string;
                };
            };
            responses: {
                /** @description What each row did (or would do, on a dry run), and the totals. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mode: "create" | "upsert";
                            dryRun: boolean;
                            atomic: boolean;
                            /** @description Whether the rows reported created or updated are stored: false for a dry run and for an atomic import that failed. */
                            committed: boolean;
                            totals: {
                                rows: number;
                                created: number;
                                updated: number;
                                unchanged: number;
                                errors: number;
                            };
                            rows: {
                                /** @description 1 for the first product of the file (a CSV header is not a row). */
                                row: number;
                                /** @description The product's id; null for a row without one that was not written. */
                                id: string | null;
                                status: "created" | "updated" | "unchanged" | "error";
                                /** @description For an error: the status POST /api/products/:id would have answered (400, 403, 409…). */
                                code?: number;
                                errors: {
                                    message: string;
                                    field?: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in */
        post: {
            parameters: {
                query?: {
                    /** @description true: also keep the session in the HttpOnly, SameSite=Strict cookie `rental-session` (Path /api), which then authenticates every endpoint whether or not `auth.cookies` is on; cookie-authenticated POST/PATCH/DELETE from a foreign Origin are a 403. For browser applications served by the service itself (the dashboard at /admin). The response body is the same either way; refresh renews the cookie and logout clears it. */
                    cookie?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            user: {
                                id: string;
                                email: string;
                                rentNameSystem: string;
                            };
                            token: string;
                            /** @description UNIX seconds */
                            exp: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account */
        get: {
            parameters: {
                query?: {
                    /** @description true: the signed-in account's `roles` too (a dashboard shows admin screens by them). */
                    roles?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                id: string;
                                email: string;
                                rentNameSystem: string;
                                /** @description Only with `?roles=true`: `["admin"]` or empty. */
                                roles?: string[];
                            } | null;
                            exp?: number;
                            /** @enum {string} */
                            collection?: "rents";
                        };
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new token for the same session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            token: string;
                            /** @description The same as token, for Payload clients. */
                            refreshedToken: string;
                            exp: number;
                            user: {
                                id: string;
                                email: string;
                            };
                        };
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/refresh-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new token for the same session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            token: string;
                            /** @description The same as token, for Payload clients. */
                            refreshedToken: string;
                            exp: number;
                            user: {
                                id: string;
                                email: string;
                            };
                        };
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session (every token of it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift the login lockout of the account with this e-mail (admins); the same answer whether or not it exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The login e-mail of the account to unlock. */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a password reset token to hooks.rents.afterForgotPassword; the same answer whether or not the e-mail exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The login e-mail of the account whose password is forgotten. */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token (once); ends every session and signs in anew */
        post: {
            parameters: {
                query?: {
                    /** @description true: also keep the session in the HttpOnly, SameSite=Strict cookie `rental-session` (Path /api), which then authenticates every endpoint whether or not `auth.cookies` is on; cookie-authenticated POST/PATCH/DELETE from a foreign Origin are a 403. For browser applications served by the service itself (the dashboard at /admin). The response body is the same either way; refresh renews the cookie and logout clears it. */
                    cookie?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The token the afterForgotPassword hook delivered. */
                        token: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            user: {
                                id: string;
                                email: string;
                                rentNameSystem: string;
                            };
                            token: string;
                            /** @description UNIX seconds */
                            exp: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List public profiles of accounts */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    limit?: number;
                    page?: number;
                    /** @description false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400. */
                    pagination?: boolean;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, rentNameSystem, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, rentNameSystem, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: components["schemas"]["PublicProfile"][];
                            totalDocs: number;
                            limit: number;
                            totalPages: number;
                            page: number;
                            pagingCounter: number;
                            hasPrevPage: boolean;
                            hasNextPage: boolean;
                            prevPage: number | null;
                            nextPage: number | null;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create an account (admins) */
        post: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Login e-mail; unique, case-insensitive. */
                        email: string;
                        password: string;
                        /** @description The rental business's name. */
                        rentNameSystem: string;
                        basic?: {
                            rentalName?: string;
                            rentalContactPerson?: string;
                            rentalPhone?: string;
                            rentalEmail?: string;
                        };
                        terms?: {
                            termsArray?: ({
                                /** @description Generated when absent. */
                                id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        invoices?: {
                            [key: string]: unknown;
                        };
                        /** @description Admins only. */
                        roles?: "admin"[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["PublicProfile"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete every one of the accounts a where matches (at most 1,000), each as its own DELETE would; without a where: 405 */
        delete: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, rentNameSystem, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400. */
                    limit?: number;
                    /** @description The order in which matches are changed (and `limit` counts). Sortable: id, rentNameSystem, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The accounts changed (or deleted). */
                            docs: components["schemas"]["PublicProfile"][];
                            /** @description One item per problem of each document that could not be changed. */
                            errors: {
                                id: string;
                                message: string;
                                field?: string;
                            }[];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update every one of the accounts a where matches (at most 1,000), each as its own PATCH would; without a where: 405 */
        patch: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, rentNameSystem, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400. */
                    limit?: number;
                    /** @description The order in which matches are changed (and `limit` counts). Sortable: id, rentNameSystem, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Login e-mail; unique, case-insensitive. */
                        email?: string;
                        password?: string;
                        currentPassword?: string;
                        /** @description The rental business's name. */
                        rentNameSystem?: string;
                        basic?: {
                            rentalName?: string;
                            rentalContactPerson?: string;
                            rentalPhone?: string;
                            rentalEmail?: string;
                        };
                        terms?: {
                            termsArray?: ({
                                /** @description Generated when absent. */
                                id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        invoices?: {
                            [key: string]: unknown;
                        };
                        /** @description Admins only. */
                        roles?: "admin"[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The accounts changed (or deleted). */
                            docs: components["schemas"]["PublicProfile"][];
                            /** @description One item per problem of each document that could not be changed. */
                            errors: {
                                id: string;
                                message: string;
                                field?: string;
                            }[];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/rents/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count accounts */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, rentNameSystem, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totalDocs: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's public profile */
        get: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A rents account's public profile. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PublicProfile"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an account that owns no products or media (admins) */
        delete: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["PublicProfile"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update an account (itself or an admin) */
        patch: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Login e-mail; unique, case-insensitive. */
                        email?: string;
                        password?: string;
                        currentPassword?: string;
                        /** @description The rental business's name. */
                        rentNameSystem?: string;
                        basic?: {
                            rentalName?: string;
                            rentalContactPerson?: string;
                            rentalPhone?: string;
                            rentalEmail?: string;
                        };
                        terms?: {
                            termsArray?: ({
                                /** @description Generated when absent. */
                                id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        invoices?: {
                            [key: string]: unknown;
                        };
                        /** @description Admins only. */
                        roles?: "admin"[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["PublicProfile"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/rentMedia": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List media */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    limit?: number;
                    page?: number;
                    /** @description false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400. */
                    pagination?: boolean;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt. */
                    sort?: string | string[];
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt, owner. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: components["schemas"]["Media"][];
                            totalDocs: number;
                            limit: number;
                            totalPages: number;
                            page: number;
                            pagingCounter: number;
                            hasPrevPage: boolean;
                            hasNextPage: boolean;
                            prevPage: number | null;
                            nextPage: number | null;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Upload an image */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description JPEG, PNG, WebP, GIF or AVIF; the type is read from the bytes.
                         */
                        file: string;
                        alt?: string;
                        /** @description JSON such as {"alt":"…"}, as Payload clients send it. */
                        _payload?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Media"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Delete every one of the media documents a where matches (at most 1,000), each as its own DELETE would; without a where: 405 */
        delete: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt, owner. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400. */
                    limit?: number;
                    /** @description The order in which matches are changed (and `limit` counts). Sortable: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt. */
                    sort?: string | string[];
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The media documents changed (or deleted). */
                            docs: components["schemas"]["Media"][];
                            /** @description One item per problem of each document that could not be changed. */
                            errors: {
                                id: string;
                                message: string;
                                field?: string;
                            }[];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update every one of the media documents a where matches (at most 1,000), each as its own PATCH would; without a where: 405 */
        patch: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt, owner. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description At most this many of the matches, in `sort` order; without it more than 1,000 matches are a 400. */
                    limit?: number;
                    /** @description The order in which matches are changed (and `limit` counts). Sortable: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt. */
                    sort?: string | string[];
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        alt: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The media documents changed (or deleted). */
                            docs: components["schemas"]["Media"][];
                            /** @description One item per problem of each document that could not be changed. */
                            errors: {
                                id: string;
                                message: string;
                                field?: string;
                            }[];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Method not supported here (see Allow) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/rentMedia/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count media */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, createdAt, updatedAt, filename, mimeType, filesize, width, height, alt, owner. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totalDocs: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rentMedia/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a media document */
        get: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Media"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a media document and its files */
        delete: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Media"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change alt text */
        patch: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        alt: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Media"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/rentMedia/file/{filename}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bytes of a stored file (Range, ETag, If-None-Match supported) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    filename: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/*": string;
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description If-Match does not match the current ETag */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The Range asked for is not in the file */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A product's reservations as an iCalendar feed (public to whoever may read the product; SUMMARY:Reserved and times only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The feed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The owner's private feed over all their products (product names and notes), by the token of POST /api/rents/:id/calendar-token */
        get: {
            parameters: {
                query?: {
                    /** @description The secret of the URL the token endpoint answered. */
                    token?: string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The feed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/calendar": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rents/{id}/calendar-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new token for the private feed (the account itself or an admin); the previous URL stops working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The private feed’s absolute URL, token included. */
                            url: string;
                        };
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's calendars (an admin's: all) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    limit?: number;
                    page?: number;
                    /** @description false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400. */
                    pagination?: boolean;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, product, name, lastStatus, lastSyncedAt, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, product, owner, name, lastStatus, lastSyncedAt, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: components["schemas"]["Calendar"][];
                            totalDocs: number;
                            limit: number;
                            totalPages: number;
                            page: number;
                            pagingCounter: number;
                            hasPrevPage: boolean;
                            hasNextPage: boolean;
                            prevPage: number | null;
                            nextPage: number | null;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Subscribe a product to another channel's feed; the first sync runs before the answer */
        post: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The product whose availability the feed blocks. */
                        product: string;
                        /** @description The feed's http(s) URL (a secret: an owner's or an admin's eyes only). */
                        url: string;
                        /** @description What the owner calls it: "Airbnb", "Booking.com"… */
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Calendar"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendars/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count calendars */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, product, owner, name, lastStatus, lastSyncedAt, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totalDocs: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendars/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A calendar */
        get: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Calendar"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Sync now (`{"action": "sync"}`) */
        post: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "sync";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Calendar"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Unsubscribe: the calendar and its blocks go */
        delete: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Calendar"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change its URL (synced at once) or name */
        patch: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The feed's http(s) URL (a secret: an owner's or an admin's eyes only). */
                        url?: string;
                        name?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Calendar"];
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/products/{id}/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What renting a product for a time costs, and the rules it breaks */
        get: {
            parameters: {
                query: {
                    /** @description ISO 8601 date (a whole UTC day) or date-time with offset. */
                    from: string;
                    /** @description A date is inclusive; a date-time ends a half-open interval. */
                    to: string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Quote"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A product's busy time and the status of each day */
        get: {
            parameters: {
                query?: {
                    /** @description YYYY-MM-DD (UTC); default today. */
                    from?: string;
                    /** @description YYYY-MM-DD, inclusive; default 89 days after `from`; at most 366 days in all. */
                    to?: string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Availability"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List bookings (an owner: of their products; an admin: all) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    limit?: number;
                    page?: number;
                    /** @description false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400. */
                    pagination?: boolean;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, status, from, to, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, status, product, owner, from, to, createdAt, updatedAt, customer.email. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description 0: the owner and gallery media as ids (image objects stored inline stay objects); 1 (default, and anything higher): populated. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: components["schemas"]["Booking"][];
                            totalDocs: number;
                            limit: number;
                            totalPages: number;
                            page: number;
                            pagingCounter: number;
                            hasPrevPage: boolean;
                            hasNextPage: boolean;
                            prevPage: number | null;
                            nextPage: number | null;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Ask for a product for a time (anyone, by default) */
        post: {
            parameters: {
                query?: {
                    /** @description 1 (default): `product` as {id, basic:{product_name}, settings:{slug}}; 0: its id. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The product to rent. */
                        product: string;
                        /** @description ISO 8601 date (a whole UTC day) or date-time with offset. */
                        from: string;
                        /** @description A date is inclusive; a date-time is the end of a half-open interval. */
                        to: string;
                        customer: {
                            /** @description The customer's name. */
                            name: string;
                            email: string;
                            phone?: string;
                            /** @description A message to the rental shop. */
                            note?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: components["schemas"]["Booking"];
                            message: string;
                            /** @description The customer’s secret for reading (`GET /api/bookings/:id?token=`) and cancelling this booking; shown only here. */
                            token: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export bookings (an owner: of their products; an admin: all) */
        get: {
            parameters: {
                query?: {
                    /** @description csv: one column per field path; json: an array; ndjson: one booking a line. */
                    format?: "csv" | "json" | "ndjson";
                    /** @description CSV only: begin with a UTF-8 byte order mark, by which spreadsheet programs recognise UTF-8. */
                    bom?: boolean;
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, status, product, owner, from, to, createdAt, updatedAt, customer.email. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, status, from, to, createdAt, updatedAt. */
                    sort?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file, streamed, with Content-Disposition: attachment; filename="bookings-<date>.<format>". Bookings at depth 0, the customer included. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                        "application/json": components["schemas"]["Booking"][];
                        "application/x-ndjson": string;
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count bookings */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, status, product, owner, from, to, createdAt, updatedAt, customer.email. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totalDocs: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a booking (owner, admin, or `?token=`) */
        get: {
            parameters: {
                query?: {
                    /** @description The customer's token from the request's answer. */
                    token?: string;
                    /** @description 1 (default): `product` as {id, basic:{product_name}, settings:{slug}}; 0: its id. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Booking"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Confirm, decline or cancel a booking */
        post: {
            parameters: {
                query?: {
                    /** @description The customer's token from the request's answer. */
                    token?: string;
                    /** @description 1 (default): `product` as {id, basic:{product_name}, settings:{slug}}; 0: its id. */
                    depth?: number;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description The action, instead of the body’s. */
                    action?: string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description confirm and decline: the owner or an admin; cancel: they or the customer (with `?token=`) before the rental starts.
                         * @enum {string}
                         */
                        action: "confirm" | "decline" | "cancel";
                        /** @description Why (decline, cancel); kept in the history. */
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Booking"];
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Id or slug taken; overlapping reservation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Content-Type not accepted */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks (an account's own; an admin's all) */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, url, active, scope, description, owner, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                    /** @description Comma-separated paths; `-` for descending. Sortable: id, url, active, scope, description, createdAt, updatedAt. */
                    sort?: string | string[];
                    /** @description Page size, 1 to 100. */
                    limit?: number;
                    page?: number;
                    /** @description false: every match in one page (Payload's `pagination=false`), at most 1,000 unless `limit` bounds it; more is a 400. */
                    pagination?: boolean;
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: {
                                id: string;
                                url: string;
                                events: string[];
                                active: boolean;
                                description?: string;
                                /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                                scope: "own" | "all";
                                /** @description The account the webhook belongs to. */
                                owner: string;
                                /** @description Why the service deactivated it (24 h of failed deliveries); gone once it is activated again. */
                                deactivatedReason?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            totalDocs: number;
                            limit: number;
                            totalPages: number;
                            page: number;
                            pagingCounter: number;
                            hasPrevPage: boolean;
                            hasNextPage: boolean;
                            prevPage: number | null;
                            nextPage: number | null;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Subscribe a URL to events; the answer carries the signing secret, shown only this once */
        post: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An http:// or https:// URL on the public internet (unless webhooks.allowPrivateAddresses); redirects are not followed. */
                        url: string;
                        /** @description The event types to receive; `*` for all of them. */
                        events: ("product.created" | "product.updated" | "product.deleted" | "reservation.created" | "reservation.released" | "booking.requested" | "booking.confirmed" | "booking.declined" | "booking.cancelled" | "booking.expired" | "media.created" | "media.deleted" | "calendar.synced" | "calendar.failed" | "*")[];
                        active?: boolean;
                        description?: string;
                        /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                        scope?: "own" | "all";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: {
                                id: string;
                                url: string;
                                events: string[];
                                active: boolean;
                                description?: string;
                                /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                                scope: "own" | "all";
                                /** @description The account the webhook belongs to. */
                                owner: string;
                                /** @description Why the service deactivated it (24 h of failed deliveries); gone once it is activated again. */
                                deactivatedReason?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            message: string;
                            /** @description Standard Webhooks signing secret (`whsec_…`). */
                            secret: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count webhooks */
        get: {
            parameters: {
                query?: {
                    /** @description Filters in the where language: `where[<path>][<operator>]=<value>` (qs brackets) with nested `and`/`or` arrays, or one JSON-encoded object. Paths: id, url, active, scope, description, owner, createdAt, updatedAt. Operators: equals, not_equals, in, not_in, greater_than, greater_than_equal, less_than, less_than_equal, like, contains, exists. */
                    where?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totalDocs: number;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook */
        get: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            url: string;
                            events: string[];
                            active: boolean;
                            description?: string;
                            /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                            scope: "own" | "all";
                            /** @description The account the webhook belongs to. */
                            owner: string;
                            /** @description Why the service deactivated it (24 h of failed deliveries); gone once it is activated again. */
                            deactivatedReason?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook */
        delete: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: {
                                id: string;
                                url: string;
                                events: string[];
                                active: boolean;
                                description?: string;
                                /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                                scope: "own" | "all";
                                /** @description The account the webhook belongs to. */
                                owner: string;
                                /** @description Why the service deactivated it (24 h of failed deliveries); gone once it is activated again. */
                                deactivatedReason?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a webhook */
        patch: {
            parameters: {
                query?: {
                    /** @description The fields to return, as Payload selects them: `select[basic][product_name]=true` keeps only the fields named true (and `id`); once any field is named false (`select[basic][product_desc]=false`), everything but those. qs brackets, or one JSON-encoded object. */
                    select?: {
                        [key: string]: unknown;
                    } | string;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An http:// or https:// URL on the public internet (unless webhooks.allowPrivateAddresses); redirects are not followed. */
                        url?: string;
                        /** @description The event types to receive; `*` for all of them. */
                        events?: ("product.created" | "product.updated" | "product.deleted" | "reservation.created" | "reservation.released" | "booking.requested" | "booking.confirmed" | "booking.declined" | "booking.cancelled" | "booking.expired" | "media.created" | "media.deleted" | "calendar.synced" | "calendar.failed" | "*")[];
                        active?: boolean;
                        description?: string | null;
                        /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                        scope?: "own" | "all";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            doc: {
                                id: string;
                                url: string;
                                events: string[];
                                active: boolean;
                                description?: string;
                                /** @description `own` (default): the events of the account's own products, bookings, media and calendars; `all` (admins only): every event. */
                                scope: "own" | "all";
                                /** @description The account the webhook belongs to. */
                                owner: string;
                                /** @description Why the service deactivated it (24 h of failed deliveries); gone once it is activated again. */
                                deactivatedReason?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent delivery attempts, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description Identifier: `^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$` */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docs: {
                                eventId: number;
                                type: string;
                                attempt: number;
                                status: "succeeded" | "failed";
                                responseStatus: number | null;
                                durationMs: number;
                                /** Format: date-time */
                                at: string;
                                error?: string;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The access rules forbid it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unknown resource or route */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live stream of events (Server-Sent Events)
         * @description Each event as `id: <n>`, `event: <type>`, `data: {id, type, createdAt, data}`; a `:` comment at least every 15 s. Anonymous callers get product.* and reservation.* events of published products; an owner also every event about their own products, bookings, media and calendars; an admin everything. `Last-Event-ID` (or `?lastEventId=`) resumes after that event; from before the retention, a `reset` event comes first. The payloads are described in this document's `webhooks` section. A session cookie (the dashboard's `rental-session`; in cookie mode the token cookie) authenticates the stream as a Bearer token does, so a browser's EventSource gets its account's events; a token that does not hold, in the header or a cookie, is a 401.
         */
        get: {
            parameters: {
                query?: {
                    /** @description As the Last-Event-ID header. */
                    lastEventId?: string;
                };
                header?: {
                    "last-event-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An endless text/event-stream */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Malformed JSON, wrong types, missing or unknown fields, bad query parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing, malformed, tampered, expired or revoked token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit or login lockout (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Unexpected fault */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The database cannot answer right now; try again shortly */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Refused by an access rule or a hook of the project configuration, with the status it chose */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "product.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.created
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "product.created";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The product at depth 0. */
                        data: components["schemas"]["Product"];
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.updated
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "product.updated";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The product after the change, at depth 0. */
                        data: components["schemas"]["Product"];
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.deleted
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "product.deleted";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The product as it was, at depth 0. */
                        data: components["schemas"]["Product"];
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reservation.created
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "reservation.created";
                        /** Format: date-time */
                        createdAt: string;
                        data: {
                            /** @description The product's id. */
                            product: string;
                            /** @description The reservation item as the product stores it; anonymous streams get `{id, from, to}` only. */
                            reservation: {
                                id: string;
                                from: string;
                                to: string;
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reservation.released": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reservation.released
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "reservation.released";
                        /** Format: date-time */
                        createdAt: string;
                        data: {
                            /** @description The product's id. */
                            product: string;
                            /** @description The reservation item as the product stores it; anonymous streams get `{id, from, to}` only. */
                            reservation: {
                                id: string;
                                from: string;
                                to: string;
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.requested
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "booking.requested";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The booking (SPEC 9). */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.confirmed
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "booking.confirmed";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The booking (SPEC 9). */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.declined
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "booking.declined";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The booking (SPEC 9). */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.cancelled
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "booking.cancelled";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The booking (SPEC 9). */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.expired
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "booking.expired";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The booking (SPEC 9). */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "media.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * media.created
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "media.created";
                        /** Format: date-time */
                        createdAt: string;
                        data: components["schemas"]["Media"];
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "media.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * media.deleted
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "media.deleted";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The media document as it was. */
                        data: components["schemas"]["Media"];
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "calendar.synced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * calendar.synced
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "calendar.synced";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The calendar import (SPEC 10) after its sync. */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "calendar.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * calendar.failed
         * @description Delivered to every active webhook subscribed to this type (or `*`) whose scope covers the event; retried with backoff for at least 24 h until a 2xx comes within 10 s.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `evt_<event id>`: the same on every attempt; use it to ignore repeats. */
                    "webhook-id": string;
                    /** @description UNIX seconds of this attempt. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the webhook's secret (Standard Webhooks). */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Increasing in commit order; the SSE `id:` and the `webhook-id` (`evt_<id>`). */
                        id: number;
                        /** @constant */
                        type: "calendar.failed";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The calendar import (SPEC 10), with lastError. */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Received; anything else (or no answer within 10 s) is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Every 4xx and 5xx response. */
        ErrorBody: {
            errors: {
                message: string;
                /** @description Dotted path of the offending field. */
                field?: string;
                /** @description What went wrong, as a constant: PRODUCT_NOT_FOUND, SLUG_TAKEN, FIELD_REQUIRED… (src/errors/codes.ts). */
                code: string;
            }[];
        };
        Product: {
            id: string;
            internal_name?: string;
            basic: {
                product_name: string;
                product_desc?: string;
                location?: string;
                rent_owner?: string | components["schemas"]["PublicProfile"];
            };
            additional: {
                price?: number;
                caution?: number;
                time_unit?: string;
                selectedTerm?: string;
                /**
                 * Format: duration
                 * @description The shortest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                 */
                min_duration?: string;
                /**
                 * Format: duration
                 * @description The longest rental a booking request may ask for. An ISO 8601 duration (P2D, PT4H, P1W).
                 */
                max_duration?: string;
                /**
                 * Format: duration
                 * @description Time kept free before every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                 */
                buffer_before?: string;
                /**
                 * Format: duration
                 * @description Time kept free after every reservation. An ISO 8601 duration (P2D, PT4H, P1W).
                 */
                buffer_after?: string;
                /**
                 * Format: duration
                 * @description How long after it is made a booking request may start at the earliest. An ISO 8601 duration (P2D, PT4H, P1W).
                 */
                lead_time?: string;
                /** @description From `min_units` units on, the unit price is `price` instead of additional.price; min_units strictly increasing. */
                price_tiers?: {
                    min_units: number;
                    price: number;
                }[];
            };
            settings: {
                published: boolean;
                slug: string;
            };
            gallery: {
                images: (string | {
                    id: string;
                    alt?: string;
                    filename: string;
                    mimeType: string;
                    url: string;
                    width: number;
                    height: number;
                })[];
            };
            availability: {
                reservationDates: ({
                    id: string;
                    from: string;
                    to: string;
                    note?: string;
                } & {
                    [key: string]: unknown;
                })[];
            };
            /** @description Free-form SEO metadata. */
            seo?: {
                [key: string]: unknown;
            };
            /** @description Free-form namespaced metadata. */
            legacy?: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description When it was created.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed.
             */
            updatedAt: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A rents account's public profile. */
        PublicProfile: {
            id: string;
            rentNameSystem: string;
            basic: {
                rentalName?: string;
                rentalContactPerson?: string;
                rentalPhone?: string;
                rentalEmail?: string;
            };
            terms: {
                termsArray: ({
                    id: string;
                } & {
                    [key: string]: unknown;
                })[];
            };
            invoices?: {
                [key: string]: unknown;
            };
        };
        Media: {
            id: string;
            alt: string;
            filename: string;
            mimeType: string;
            filesize: number;
            width: number;
            height: number;
            url: string;
            sizes: {
                [key: string]: {
                    url: string;
                    width: number;
                    height: number;
                    filename: string;
                    mimeType: string;
                    filesize: number;
                };
            };
            owner: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Calendar: {
            id: string;
            product: string;
            url: string;
            name?: string;
            /** @description When the feed was last fetched, whatever came of it. */
            lastSyncedAt: string | null;
            lastStatus: "ok" | "not-modified" | "failed" | null;
            /** @description Why the last sync failed; absent once one succeeds. */
            lastError?: string;
            /** @description How many blocks the calendar holds. */
            events: number;
            /** @description Imported blocks overlapping own reservations: kept, and listed here. */
            conflicts: {
                /** @description The imported event's UID (and occurrence). */
                uid: string;
                from: string;
                to: string;
                /** @description The own reservation it overlaps. */
                reservationId: string;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Quote: {
            product: string;
            from: string;
            to: string;
            /** @description The rental's length in the product's time unit, rounded up. */
            units: number;
            /** @description The unit counted (a product without one is counted in days). */
            time_unit: string;
            /** @description additional.price, or the price of the tier that applies. */
            unitPrice: number | null;
            /** @description units × unitPrice */
            price: number | null;
            /** @description additional.caution (0 without one). */
            caution: number;
            /** @description price + caution; null where the product has no price. */
            total: number | null;
            /** @description Whether a booking request for this interval would be accepted now. */
            available: boolean;
            violations: {
                /** @description `from` (lead time, overlap) or `to` (min/max duration) */
                field: string;
                message: string;
            }[];
        };
        Availability: {
            product: string;
            /** @description YYYY-MM-DD */
            from: string;
            /** @description YYYY-MM-DD */
            to: string;
            /** @description Merged busy time inside the days asked for, earliest first. */
            busy: {
                /** Format: date-time */
                from: string;
                /**
                 * Format: date-time
                 * @description Exclusive.
                 */
                to: string;
                /** @enum {string} */
                kind: "reserved" | "external" | "buffer";
            }[];
            days: {
                date: string;
                /** @enum {string} */
                status: "free" | "partial" | "busy";
            }[];
        };
        Booking: {
            id: string;
            product: string | {
                id: string;
                basic: {
                    product_name: string;
                };
                settings: {
                    slug: string;
                };
            };
            /** @description The product owner's account id. */
            owner: string | null;
            from: string;
            to: string;
            /** @enum {string} */
            status: "requested" | "confirmed" | "declined" | "cancelled" | "expired";
            customer: {
                /** @description The customer's name. */
                name: string;
                email: string;
                phone?: string;
                /** @description A message to the rental shop. */
                note?: string;
            };
            /** @description The price when the request was made. */
            quote: {
                /** @description The rental's length in the product's time unit, rounded up. */
                units: number;
                /** @description The unit counted (a product without one is counted in days). */
                time_unit: string;
                /** @description additional.price, or the price of the tier that applies. */
                unitPrice: number | null;
                /** @description units × unitPrice */
                price: number | null;
                /** @description additional.caution (0 without one). */
                caution: number;
                /** @description price + caution; null where the product has no price. */
                total: number | null;
            };
            /** @description The product's reservation, while the booking is confirmed. */
            reservationId?: string;
            history: {
                status: string;
                /** Format: date-time */
                at: string;
                /** @description An account id, `customer` (the token holder) or `service` (expiry). */
                by: string;
                reason?: string;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
