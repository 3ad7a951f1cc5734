import type { ProductWhereTypes } from '../domain/product-fields.js';

/** A typed `where` for product lists: every filterable path with the operators its type allows. */

/** Every filterable path and its value type, from the product field registry. */
type ProductFieldTypes = ProductWhereTypes;

type Comparable<T> = { greater_than?: T; greater_than_equal?: T; less_than?: T; less_than_equal?: T };
type Text = { like?: string; contains?: string };

export type Operators<T> = {
  equals?: T | null;
  not_equals?: T | null;
  in?: T[];
  not_in?: T[];
  exists?: boolean;
} & (T extends boolean ? unknown : Comparable<T>) &
  (T extends string ? Text : unknown);

export type ProductWhere = { [P in keyof ProductFieldTypes]?: Operators<ProductFieldTypes[P]> } & {
  and?: ProductWhere[];
  or?: ProductWhere[];
};
