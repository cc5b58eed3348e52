/** The signed-in person a request carries (`request.user`), read from their session. */
export interface SessionUser {
    id: number;
    name: string;
    email: string;
    roleId: number;
    sessionId: number;
}
