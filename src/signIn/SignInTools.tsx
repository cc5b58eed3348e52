import { createContext, useContext, type ElementType } from 'react';

/** What the sign-in form needs from around it: words, the two requests and links to the other public pages. */
export interface SignInTools {
    translate: (key: string, args?: Record<string, unknown>) => string;
    /** Asks the server to mail a code. */
    requestCode: (email: string) => Promise<void>;
    /** Signs in with the code, and goes on to the app. */
    verifyCode: (email: string, otp: string) => Promise<void>;
    /** How a button links to another page: the router's link inside the app, a plain link before it is loaded. */
    linkTo: (to: string) => { component?: ElementType; to?: string; href?: string };
}

const SignInToolsContext = createContext<SignInTools | undefined>(undefined);

export const SignInToolsProvider = SignInToolsContext.Provider;

export const useSignInTools = (): SignInTools => {
    const tools = useContext(SignInToolsContext);
    if (!tools) throw new Error('The sign-in form is drawn outside a SignInToolsProvider');
    return tools;
};
