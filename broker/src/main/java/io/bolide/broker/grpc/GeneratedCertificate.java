package io.bolide.broker.grpc;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.IPAddress;

/**
 * A self-signed server certificate (ECDSA P-256, SHA-256): the key pair and the signature come from
 * the JDK's own providers, the X.509 structure from BouncyCastle's builder (the JDK has no public
 * API for it), so the certificate is made alike on every JDK the broker runs on.
 *
 * @param certificate the certificate, subject and issuer {@code CN=<first name>}, the names as
 *     subject alternative names
 * @param key its private key
 */
record GeneratedCertificate(X509Certificate certificate, PrivateKey key) {

    /**
     * A new key pair and certificate for {@code names} (host names or IP literals), valid from a
     * day ago for {@code validity}.
     *
     * @throws GeneralSecurityException if the JDK has no P-256 key generator or ECDSA signer
     */
    static GeneratedCertificate create(List<String> names, Duration validity)
            throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=" + names.get(0));
        X509v3CertificateBuilder builder =
                new JcaX509v3CertificateBuilder(
                        name,
                        new BigInteger(64, new SecureRandom()).add(BigInteger.ONE),
                        Date.from(now.minus(Duration.ofDays(1))),
                        Date.from(now.plus(validity)),
                        name,
                        pair.getPublic());
        try {
            builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames(names));
            X509Certificate certificate =
                    new JcaX509CertificateConverter()
                            .getCertificate(
                                    builder.build(
                                            new JcaContentSignerBuilder("SHA256withECDSA")
                                                    .build(pair.getPrivate())));
            return new GeneratedCertificate(certificate, pair.getPrivate());
        } catch (CertIOException | OperatorCreationException e) {
            throw new GeneralSecurityException("cannot build the self-signed certificate", e);
        }
    }

    /** {@code localhost}, 127.0.0.1, ::1 and {@code host} when it is another name. */
    static List<String> namesFor(String host) {
        Set<String> names = new LinkedHashSet<>(List.of("localhost", "127.0.0.1", "::1"));
        if (host != null && !host.isBlank() && !host.equals("0.0.0.0")) {
            names.add(host.trim());
        }
        return new ArrayList<>(names);
    }

    private static GeneralNames alternativeNames(List<String> names) {
        GeneralName[] entries = new GeneralName[names.size()];
        for (int i = 0; i < entries.length; i++) {
            String name = names.get(i);
            entries[i] =
                    new GeneralName(
                            IPAddress.isValid(name) ? GeneralName.iPAddress : GeneralName.dNSName,
                            name);
        }
        return new GeneralNames(entries);
    }
}
