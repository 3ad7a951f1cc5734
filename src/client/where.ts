/** A typed `where` for product lists: every filterable path with the operators its type allows. */

interface ProductFieldTypes {
  id: string;
  createdAt: string;
  updatedAt: string;
  internal_name: string;
  'basic.product_name': string;
  'basic.product_desc': string;
  'basic.location': string;
  'basic.rent_owner': string;
  'additional.price': number;
  'additional.caution': number;
  'additional.time_unit': string;
  'additional.selectedTerm': string;
  'settings.published': boolean;
  'settings.slug': string;
}

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
