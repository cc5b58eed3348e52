import type { FastifyInstance } from 'fastify';
import { notFound } from '../../infra/errors';
import { roleName } from '../../../schema/access';

/**
 * The profile (full name, job title, company, country, address, phone, e-mail, about, picture, social links) as the
 * API answers it: the user's own columns joined with their profile row.
 */
export const profileRecord = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        fullName: { type: 'string' },
        email: { type: ['string', 'null'] },
        phone: { type: ['string', 'null'] },
        address: { type: ['string', 'null'] },
        gstin: { type: ['string', 'null'], description: "A business customer's GSTIN: their orders get B2B tax invoices naming it" },
        businessName: { type: ['string', 'null'], description: 'The business name printed beside that GSTIN' },
        jobTitle: { type: ['string', 'null'] },
        company: { type: ['string', 'null'] },
        country: { type: ['string', 'null'] },
        about: { type: ['string', 'null'] },
        profileImage: { type: ['string', 'null'] },
        twitter: { type: ['string', 'null'] },
        facebook: { type: ['string', 'null'] },
        instagram: { type: ['string', 'null'] },
        linkedin: { type: ['string', 'null'] },
        securityAlerts: { type: 'boolean', description: 'Mail me when my password changes' },
        contactAlerts: { type: 'boolean', description: 'Mail me each new contact message (staff)' },
        roleId: { type: 'integer' },
        role: { type: 'string' },
        hasPassword: { type: 'boolean', description: 'False for accounts that only ever signed in by e-mail code' },
        createdAt: { type: 'string' },
    },
} as const;

export async function readProfile(app: FastifyInstance, userId: number) {
    const row = await app.db
        .selectFrom('users')
        .leftJoin('profiles', 'profiles.userId', 'users.id')
        .select([
            'users.id',
            'users.name',
            'users.email',
            'users.contactNo',
            'users.address',
            'users.gstin',
            'users.businessName',
            'users.passwordHash',
            'users.roleId',
            'users.createdAt',
            'profiles.jobTitle',
            'profiles.company',
            'profiles.country',
            'profiles.about',
            'profiles.profileImage',
            'profiles.twitter',
            'profiles.facebook',
            'profiles.instagram',
            'profiles.linkedin',
            'profiles.securityAlerts',
            'profiles.contactAlerts',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    if (!row) throw notFound('User not found');
    const { name, contactNo, passwordHash, securityAlerts, contactAlerts, ...rest } = row;
    return {
        ...rest,
        fullName: name,
        phone: contactNo,
        securityAlerts: securityAlerts !== 0,
        contactAlerts: contactAlerts === 1,
        role: roleName(row.roleId),
        hasPassword: Boolean(passwordHash),
    };
}
