import type { RaRecord } from 'react-admin';

/** 1 is active; the API answers 0 for every other state. */
export type Status = 0 | 1;

export interface Timestamped {
    createdAt: string;
    updatedAt: string;
}

export interface Category extends RaRecord<number>, Timestamped {
    name: string;
    description: string;
    image: string | null;
    /** The main picture described for who cannot see it. */
    imageAlt?: string | null;
    status: Status;
}

export interface Subcategory extends RaRecord<number>, Timestamped {
    categoryId: number;
    /** Joined in by the API for display; never sent back. */
    categoryName: string;
    name: string;
    image: string | null;
    status: Status;
}

export interface Attribute extends RaRecord<number>, Timestamped {
    name: string;
    value: string;
    description: string | null;
    status: Status;
}

export type GstType = 'CGST' | 'SGST' | 'IGST';

export interface Gst extends RaRecord<number>, Timestamped {
    type: GstType;
    description: string;
    /** As written: 18 is 18%, 2.5 is 2.5%. */
    percent: number;
    status: Status;
}

export interface Product extends RaRecord<number>, Timestamped {
    name: string;
    description: string;
    categoryId: number;
    categoryName: string;
    subcategoryId: number;
    subcategoryName: string;
    attributeId: number;
    gstId: number;
    /** Rupees with paise, e.g. 120.5. */
    price: number;
    image: string | null;
    /** The gallery's stored paths, in order. */
    images: string[];
    /** One alt text per picture of `images`, in order. */
    imagesAlt?: string[];
    /** Who created it; null for rows older than sign-in. */
    createdBy: number | null;
    /** A variant's product (its first variant); null on the product's own row (schema/products.ts). */
    parentId: number | null;
    /** The pack size or option that sets the variant apart; '' for a product sold one way. */
    option: string;
    /** 1 on the product's own row, then 2, 3… for its variants. */
    position: number;
    status: Status;
}

export interface Pincode extends RaRecord<number>, Timestamped {
    pincode: string;
    /** The delivery charge in rupees. */
    prize: number;
    status: Status;
}

/** 1 Admin, 2 Seller, anything else Customer. */
export type RoleId = number;

/** The signed-in user, as answered by `GET /me`. */
export interface Me {
    id: number;
    name: string;
    email: string;
    roleId: RoleId;
    role: string;
    /** The shop's time zone (the active settings' choice), which every screen's times read. */
    shopTimeZone?: string;
}
