import type { FastifyInstance } from 'fastify';

/** Tells the owner their password changed, unless they turned security alerts off in their profile settings. */
export async function passwordAlert(app: FastifyInstance, userId: number): Promise<void> {
    const user = await app.db
        .selectFrom('users')
        .leftJoin('profiles', 'profiles.userId', 'users.id')
        .select(['users.name', 'users.email', 'profiles.securityAlerts'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    if (!user?.email || user.securityAlerts === 0) return;
    await app.mailer.send({
        to: user.email,
        subject: 'Your password was changed',
        text: `Hello ${user.name},\n\nThe password of your account was just changed, and your other sessions were signed out.\n\nIf this was not you, ask for a new password at once with "Forgot password" and tell the shop's administrator.`,
    });
}
