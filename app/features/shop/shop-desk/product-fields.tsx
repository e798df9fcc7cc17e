import { FormField } from "~/components/ui/form-field";
import { MediaPicker, type MediaChoice } from "~/features/media/media-picker";
import { SelectField, TextareaField } from "~/components/ui/field-controls";
import { penceToPounds } from "~/features/admin/desk/desk-fields";
import { CATEGORY_LABELS } from "./product-form";

interface StoredProduct {
  name: string;
  slug: string;
  description: string;
  category: string;
  pricePence: number;
  originalPricePence: number | null;
  imageAssetId: string | null;
  image: string;
  imageAlt: string;
  featured: boolean;
  active: boolean;
}

/** The form's text for a stored product (a sale shows as price + sale price); empty for a new one. */
export function productFormValues(product: StoredProduct | null): Record<string, string> {
  if (!product) return { category: "apparel" };
  const onSale = product.originalPricePence !== null;
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    category: product.category,
    price: penceToPounds(onSale ? product.originalPricePence! : product.pricePence),
    salePrice: onSale ? penceToPounds(product.pricePence) : "",
    imageAssetId: product.imageAssetId ?? "",
    image: product.image,
    imageAlt: product.imageAlt,
    featured: product.featured ? "on" : "",
    active: product.active ? "on" : "",
  };
}

/** The product's fields: what the store page shows. Values are the last post's when there was one. */
export function ProductFields({
  values,
  errors,
  photoChoices,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  photoChoices: MediaChoice[];
}) {
  const value = (name: string) => values[name] ?? "";
  return (
    <>
      <FormField label="Name" name="name" defaultValue={value("name")} error={errors.name} required />
      <FormField
        label="Address"
        name="slug"
        defaultValue={value("slug")}
        error={errors.slug}
        hint="The end of /store/… Left empty, it is made from the name. A changed address keeps its old links working."
      />
      <TextareaField label="Description" name="description" defaultValue={value("description")} error={errors.description} required />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          label="Category"
          name="category"
          defaultValue={value("category")}
          error={errors.category}
          options={Object.keys(CATEGORY_LABELS)}
        />
        <FormField label="Price (£)" name="price" inputMode="decimal" defaultValue={value("price")} error={errors.price} required />
        <FormField
          label="Sale price (£)"
          name="salePrice"
          inputMode="decimal"
          defaultValue={value("salePrice")}
          error={errors.salePrice}
          hint="Empty when not on sale."
        />
      </div>
      <fieldset className="grid gap-5 rounded-card border border-line p-4">
        <legend className="px-1 text-sm font-semibold uppercase">Picture</legend>
        <MediaPicker
          label="Photo"
          name="imageAssetId"
          choices={photoChoices}
          defaultValue={value("imageAssetId")}
          error={errors.imageAssetId}
          hint="A photo of the media library (its alt text is the library's). Without one, the art below is shown."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Art"
            name="image"
            defaultValue={value("image")}
            error={errors.image}
            hint="The site's own art by path (/media/…)."
          />
          <FormField
            label="Art alt text"
            name="imageAlt"
            defaultValue={value("imageAlt")}
            error={errors.imageAlt}
            hint="What the art shows, for people who cannot see it."
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 rounded-card border border-line p-4">
        <legend className="px-1 text-sm font-semibold uppercase">In the store</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="active" defaultChecked={value("active") === "on"} className="size-5" />
          Shown in the store (untick to hide it; carts holding it are told it is no longer sold)
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="featured" defaultChecked={value("featured") === "on"} className="size-5" />
          Featured (first on the home page, with a badge)
        </label>
      </fieldset>
      <FormField label="Reason for the change (optional)" name="reason" defaultValue={value("reason")} error={errors.reason} />
    </>
  );
}
