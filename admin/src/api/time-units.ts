import { openApiDocument, propertyEnum } from './openapi.js';

/** The units SPEC 2 names; the project's configuration may change the list (products.timeUnits). */
export const DEFAULT_TIME_UNITS = ['hour', 'day', 'week', 'month', 'year'];

/** The time units this service accepts, as its OpenAPI document lists them; the defaults when it cannot be read. */
export const configuredTimeUnits = async (): Promise<string[]> => propertyEnum(await openApiDocument(), 'time_unit') ?? DEFAULT_TIME_UNITS;
