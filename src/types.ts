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
    status: Status;
}

export interface Subcategory extends RaRecord<number>, Timestamped {
    categoryId: number;
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

export interface Gst extends RaRecord<number>, Timestamped {
    type: string;
    description: string;
    percent: number;
    status: Status;
}

export interface Product extends RaRecord<number>, Timestamped {
    name: string;
    description: string;
    categoryId: number;
    subcategoryId: number;
    attributeId: number;
    gstId: number | null;
    price: number;
    image: string | null;
    images: string[];
    status: Status;
}

export interface Pincode extends RaRecord<number>, Timestamped {
    pincode: string;
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
}
