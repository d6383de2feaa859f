package io.bolide.broker.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratedCertificateTest {
    @Test
    void shouldBeAValidSelfSignedCertificateForItsNames() throws Exception {
        GeneratedCertificate made =
                GeneratedCertificate.create(
                        GeneratedCertificate.namesFor("broker.example"), Duration.ofDays(3650));
        X509Certificate certificate = made.certificate();
        certificate.verify(certificate.getPublicKey()); // self-signed: its own key signed it
        certificate.checkValidity(new Date());
        assertThat(certificate.getVersion()).isEqualTo(3);
        assertThat(certificate.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=localhost");
        assertThat(certificate.getIssuerX500Principal())
                .isEqualTo(certificate.getSubjectX500Principal());
        assertThat(certificate.getSubjectAlternativeNames())
                .containsExactlyInAnyOrder(
                        List.of(2, "localhost"),
                        List.of(7, "127.0.0.1"),
                        List.of(7, "0:0:0:0:0:0:0:1"),
                        List.of(2, "broker.example"));
        assertThat(certificate.getNotAfter().getTime() - System.currentTimeMillis())
                .isGreaterThan(Duration.ofDays(3649).toMillis());
        assertThat(made.key().getAlgorithm()).isEqualTo("EC");
    }

    @Test
    void shouldAddAnAdvertisedIpOnceAndSkipTheWildcard() {
        assertThat(GeneratedCertificate.namesFor("10.0.0.7"))
                .containsExactly("localhost", "127.0.0.1", "::1", "10.0.0.7");
        assertThat(GeneratedCertificate.namesFor("0.0.0.0"))
                .containsExactly("localhost", "127.0.0.1", "::1");
        assertThat(GeneratedCertificate.namesFor("127.0.0.1"))
                .containsExactly("localhost", "127.0.0.1", "::1");
    }
}
