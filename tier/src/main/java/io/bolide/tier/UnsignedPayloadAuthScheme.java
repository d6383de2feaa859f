package io.bolide.tier;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.auth.aws.scheme.AwsV4AuthScheme;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.AsyncSignRequest;
import software.amazon.awssdk.http.auth.spi.signer.AsyncSignedRequest;
import software.amazon.awssdk.http.auth.spi.signer.SignRequest;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.IdentityProvider;
import software.amazon.awssdk.identity.spi.IdentityProviders;

/**
 * SigV4 for the tier's S3 client with the payload left unsigned ({@code x-amz-content-sha256:
 * UNSIGNED-PAYLOAD}) on every endpoint, plain http included (#36).
 *
 * <p>Why: over plain http (moto, MinIO or any endpoint without TLS) the AWS SDK v2 signs the
 * payload whatever {@link AwsV4FamilyHttpSigner#PAYLOAD_SIGNING_ENABLED} says, so every uploaded
 * segment byte went through SHA-256 (with S3's chunked encoding, once per 128 KiB chunk and again
 * for its signature): the offloader's largest CPU cost. The hash buys nothing here: the headers,
 * the key and the query are still signed, and the bytes' integrity is the CRC32C Bolide takes from
 * the local file and checks against the object read back before the manifest counts an upload (see
 * {@link SegmentOffloader}). The SDK 2.59 decides to sign the payload only when the request carries
 * one, so the wrapped signer is handed the request without its body and with payload signing off,
 * which yields the unsigned-payload header and a signature of the headers alone, and the body is
 * put back into the signed request. A request for which the SDK computes a flexible checksum (an
 * operation that requires one) is signed unchanged, as that checksum is computed over the body.
 */
final class UnsignedPayloadAuthScheme implements AwsV4AuthScheme {
    private final AwsV4AuthScheme standard = AwsV4AuthScheme.create();
    private final AwsV4HttpSigner signer = new Signer(standard.signer());

    @Override
    public String schemeId() {
        return standard.schemeId();
    }

    @Override
    public IdentityProvider<AwsCredentialsIdentity> identityProvider(IdentityProviders providers) {
        return standard.identityProvider(providers);
    }

    @Override
    public AwsV4HttpSigner signer() {
        return signer;
    }

    /** The SDK's SigV4 signer, shown each request without its body. */
    private static final class Signer implements AwsV4HttpSigner {
        private final AwsV4HttpSigner delegate;

        Signer(AwsV4HttpSigner delegate) {
            this.delegate = delegate;
        }

        /** A body to send and no flexible checksum to compute over it. */
        private static boolean unsigned(boolean hasPayload, boolean flexibleChecksum) {
            return hasPayload && !flexibleChecksum;
        }

        @Override
        public SignedRequest sign(SignRequest<? extends AwsCredentialsIdentity> request) {
            if (!unsigned(request.payload().isPresent(), request.hasProperty(CHECKSUM_ALGORITHM))) {
                return delegate.sign(request);
            }
            ContentStreamProvider body = request.payload().get();
            SignedRequest signed =
                    delegate.sign(
                            request.copy(
                                    b ->
                                            b.payload(null)
                                                    .putProperty(PAYLOAD_SIGNING_ENABLED, false)));
            return signed.copy(b -> b.payload(body));
        }

        @Override
        public CompletableFuture<AsyncSignedRequest> signAsync(
                AsyncSignRequest<? extends AwsCredentialsIdentity> request) {
            if (!unsigned(request.payload().isPresent(), request.hasProperty(CHECKSUM_ALGORITHM))) {
                return delegate.signAsync(request);
            }
            var body = request.payload().get();
            return delegate.signAsync(
                            request.copy(
                                    b ->
                                            b.payload(null)
                                                    .putProperty(PAYLOAD_SIGNING_ENABLED, false)))
                    .thenApply(signed -> signed.copy(b -> b.payload(body)));
        }
    }
}
