package io.xmlformatter;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The WS-Security and SAML preset ({@link XmlFormatter.Builder#wsSecurity()}): the content of these elements is
 * masked, whatever their namespace prefix.
 */
public final class WsSecurity {
    /**
     * The preset's paths:
     * <ul>
     *   <li>{@code //UsernameToken/Password} and {@code //UsernameToken/Nonce} (WS-Security UsernameToken);</li>
     *   <li>{@code //BinarySecurityToken} (X.509 and Kerberos tokens);</li>
     *   <li>{@code //Subject/NameID} (SAML 2.0) and {@code //Subject/NameIdentifier} (SAML 1.1);</li>
     *   <li>{@code //AttributeValue} (SAML attribute values);</li>
     *   <li>{@code //SignatureValue} and {@code //X509Certificate} (XML Signature).</li>
     * </ul>
     */
    public static final List<String> PATHS = Collections.unmodifiableList(Arrays.asList(
            "//UsernameToken/Password",
            "//UsernameToken/Nonce",
            "//BinarySecurityToken",
            "//Subject/NameID",
            "//Subject/NameIdentifier",
            "//AttributeValue",
            "//SignatureValue",
            "//X509Certificate"));

    private WsSecurity() {
    }
}
