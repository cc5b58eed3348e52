/** A variant as a person reads it, on an order line, an invoice or the palette: "Aashirvaad Atta (5 kg)"; a product sold one way is its name. */
export const variantName = (name: string, option?: string | null) => (option ? `${name} (${option})` : name);
